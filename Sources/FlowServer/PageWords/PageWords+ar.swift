extension PageWords {
    /// The pages' words (`page.<name>`) and the catalog's texts (`catalog.<code>`) in Arabic, as gettext:
    /// `msgctxt` the key, `msgid` the English, `msgstr` the translation.
    static let arabic = #"""
        msgid ""
        msgstr "Language: ar\n"

        msgctxt "page.flows_heading"
        msgid "Flows"
        msgstr "مسارات العمل"

        msgctxt "page.no_flows"
        msgid "No flow is served."
        msgstr "لا يوجد أي مسار متاح."

        msgctxt "page.start"
        msgid "Start"
        msgstr "ابدأ"

        msgctxt "page.optional"
        msgid "(optional)"
        msgstr "(اختياري)"

        msgctxt "page.continue"
        msgid "Continue"
        msgstr "متابعة"

        msgctxt "page.cancel"
        msgid "Cancel"
        msgstr "إلغاء"

        msgctxt "page.start_again"
        msgid "Start again"
        msgstr "البدء من جديد"

        msgctxt "page.done"
        msgid "Done"
        msgstr "تمّ بنجاح"

        msgctxt "page.not_completed_here"
        msgid "Not completed here"
        msgstr "لم يكتمل هنا"

        msgctxt "page.not_completed"
        msgid "Not completed"
        msgstr "لم يكتمل"

        msgctxt "page.ended_early"
        msgid "The flow ended before it was completed."
        msgstr "انتهى المسار قبل أن يكتمل."

        msgctxt "page.cancelled"
        msgid "Cancelled"
        msgstr "أُلغي"

        msgctxt "page.cancelled_message"
        msgid "You cancelled it; nothing more was done."
        msgstr "لقد ألغيت العملية، ولم يُنفَّذ أي إجراء آخر."

        msgctxt "page.could_not_go_on"
        msgid "Could not go on"
        msgstr "تعذّرت المتابعة"

        msgctxt "page.could_not_go_on_message"
        msgid "Something went wrong on our side, so this could not be completed. Start again."
        msgstr "حدث خطأ من جهتنا، فتعذّر إكمال العملية. يُرجى البدء من جديد."

        msgctxt "page.session_expired"
        msgid "Your session expired or never started."
        msgstr "انتهت صلاحية جلستك أو لم تبدأ أصلًا."

        msgctxt "page.outbox_heading"
        msgid "Development outbox"
        msgstr "صندوق الصادر للتطوير"

        msgctxt "page.outbox_intro"
        msgid ""
        "Codes the embedded authority sent to this session's addresses, shown "
        "because this option is on:"
        msgstr "الرموز التي أرسلتها الجهة المدمجة إلى عناوين هذه الجلسة، وتظهر لأن هذا الخيار مُفعّل:"

        msgctxt "page.outbox_none"
        msgid "None yet."
        msgstr "لا شيء حتى الآن."

        msgctxt "page.outbox_to"
        msgid "to"
        msgstr "إلى"

        msgctxt "page.outbox_at"
        msgid "at"
        msgstr "في"

        msgctxt "page.all_flows"
        msgid "All flows"
        msgstr "جميع المسارات"

        msgctxt "page.not_found"
        msgid "Not found"
        msgstr "الصفحة غير موجودة"

        msgctxt "page.not_found_message"
        msgid "There is no such page."
        msgstr "لا توجد صفحة بهذا العنوان."

        msgctxt "page.form_expired"
        msgid "Form expired"
        msgstr "انتهت صلاحية النموذج"

        msgctxt "page.form_expired_message"
        msgid "The form's security token did not match; go back, reload and try again."
        msgstr "رمز الأمان في النموذج غير مطابق. ارجع إلى الصفحة السابقة وأعد تحميلها ثم حاول مرة أخرى."

        msgctxt "page.answer_too_large"
        msgid "Answer too large"
        msgstr "الإجابة طويلة جدًا"

        msgctxt "page.form_too_large_message"
        msgid "A form is at most ${bytes} bytes; go back and shorten it."
        msgstr "لا يتجاوز النموذج ${bytes} بايت. ارجع واختصر ما كتبته."

        msgctxt "page.too_many_answers"
        msgid "Too many answers"
        msgstr "إجابات كثيرة جدًا"

        msgctxt "page.too_many_answers_message"
        msgid "Wait ${seconds} seconds, then go back and answer again."
        msgstr "انتظر ${seconds} ثانية، ثم ارجع وأجب مرة أخرى."

        msgctxt "page.too_many_sessions"
        msgid "Too many sessions"
        msgstr "جلسات كثيرة جدًا"

        msgctxt "page.wait_message"
        msgid "Wait ${seconds} seconds, then try again."
        msgstr "انتظر ${seconds} ثانية، ثم حاول مرة أخرى."

        msgctxt "page.unavailable"
        msgid "Unavailable"
        msgstr "الخدمة غير متاحة"

        msgctxt "page.unavailable_message"
        msgid "The service cannot go on right now. Try again in a moment."
        msgstr "لا يمكن للخدمة المتابعة الآن. حاول مرة أخرى بعد قليل."

        msgctxt "catalog.password_too_weak"
        msgid "The password is too weak."
        msgstr "كلمة المرور ضعيفة جدًا."

        msgctxt "catalog.password_too_short"
        msgid "The password is too short."
        msgstr "كلمة المرور قصيرة جدًا."

        msgctxt "catalog.password_too_long"
        msgid "The password is too long."
        msgstr "كلمة المرور طويلة جدًا."

        msgctxt "catalog.password_recently_used"
        msgid "This password was used recently."
        msgstr "استُخدمت كلمة المرور هذه مؤخرًا."

        msgctxt "catalog.password_banned"
        msgid "This password is not allowed."
        msgstr "كلمة المرور هذه غير مسموح بها."

        msgctxt "catalog.password_is_invalid"
        msgid "This password cannot be used."
        msgstr "لا يمكن استخدام كلمة المرور هذه."

        msgctxt "catalog.unknown"
        msgid "Something went wrong on the sign-in service. Try again later."
        msgstr "حدث خطأ في خدمة تسجيل الدخول. حاول مرة أخرى لاحقًا."

        msgctxt "catalog.redirect"
        msgid "This cannot be finished in the app. Continue in a browser."
        msgstr "لا يمكن إكمال هذا في التطبيق. تابع في متصفح."

        msgctxt "catalog.invalid_request"
        msgid "The sign-in service could not accept this request."
        msgstr "تعذّر على خدمة تسجيل الدخول قبول هذا الطلب."

        msgctxt "catalog.invalid_grant"
        msgid "The sign-in service did not accept what was entered. Try again."
        msgstr "لم تقبل خدمة تسجيل الدخول ما أُدخل. حاول مرة أخرى."

        msgctxt "catalog.invalid_client"
        msgid "This app is not set up for signing in here. Contact its support."
        msgstr "هذا التطبيق غير مُعدّ لتسجيل الدخول هنا. تواصل مع فريق دعمه."

        msgctxt "catalog.unauthorized_client"
        msgid "This app is not allowed to sign you in this way. Contact its support."
        msgstr "هذا التطبيق غير مسموح له بتسجيل دخولك بهذه الطريقة. تواصل مع فريق دعمه."

        msgctxt "catalog.invalid_scope"
        msgid "This app asked for access that the sign-in service does not give. Contact its support."
        msgstr "طلب هذا التطبيق وصولًا لا تمنحه خدمة تسجيل الدخول. تواصل مع فريق دعمه."

        msgctxt "catalog.unsupported_grant_type"
        msgid "This app cannot sign you in this way."
        msgstr "لا يستطيع هذا التطبيق تسجيل دخولك بهذه الطريقة."

        msgctxt "catalog.unsupported_challenge_type"
        msgid "This app cannot do the verification that the sign-in service asks for."
        msgstr "لا يستطيع هذا التطبيق إجراء التحقق الذي تطلبه خدمة تسجيل الدخول."

        msgctxt "catalog.unsupported_auth_method"
        msgid "This way of verifying is not available for this account."
        msgstr "طريقة التحقق هذه غير متاحة لهذا الحساب."

        msgctxt "catalog.auth_not_supported"
        msgid "This way of verifying is not available for this account."
        msgstr "طريقة التحقق هذه غير متاحة لهذا الحساب."

        msgctxt "catalog.nativeauthapi_disabled"
        msgid "Signing in from this app is turned off. Contact its support."
        msgstr "تسجيل الدخول من هذا التطبيق معطّل. تواصل مع فريق دعمه."

        msgctxt "catalog.attributes_required"
        msgid "More details are needed to create the account."
        msgstr "يلزم المزيد من التفاصيل لإنشاء الحساب."

        msgctxt "catalog.attribute_validation_failed"
        msgid "Some of the details entered are not valid."
        msgstr "بعض التفاصيل المُدخلة غير صالحة."

        msgctxt "catalog.user_not_found"
        msgid "No account was found for this username."
        msgstr "لم يُعثر على حساب لاسم المستخدم هذا."

        msgctxt "catalog.user_already_exists"
        msgid "An account already exists for this username."
        msgstr "يوجد حساب بالفعل لاسم المستخدم هذا."

        msgctxt "catalog.expired_token"
        msgid "This took too long and has expired. Start again."
        msgstr "استغرق هذا وقتًا طويلًا وانتهت صلاحيته. ابدأ من جديد."

        msgctxt "catalog.expired_refresh_token"
        msgid "Your sign-in has expired. Sign in again."
        msgstr "انتهت صلاحية تسجيل دخولك. سجّل الدخول مرة أخرى."

        msgctxt "catalog.invalid_oob_value"
        msgid "The code is not correct."
        msgstr "الرمز غير صحيح."

        msgctxt "catalog.too_many_attempts"
        msgid "There were too many attempts. Wait a while, then try again."
        msgstr "جرت محاولات كثيرة جدًا. انتظر بعض الوقت، ثم حاول مرة أخرى."

        msgctxt "catalog.access_denied"
        msgid "Access was denied."
        msgstr "تم رفض الوصول."

        msgctxt "catalog.provider_blocked_by_rep"
        msgid "This way of verifying is blocked for now. Try another one."
        msgstr "طريقة التحقق هذه محظورة حاليًا. جرّب طريقة أخرى."

        msgctxt "catalog.credential_required"
        msgid "One more verification is needed to sign in."
        msgstr "يلزم تحقق إضافي لتسجيل الدخول."

        msgctxt "catalog.mfa_required"
        msgid "A second verification is needed to sign in."
        msgstr "يلزم تحقق ثانٍ لتسجيل الدخول."

        msgctxt "catalog.registration_required"
        msgid "A way of verifying has to be added to the account first."
        msgstr "يجب أولًا إضافة طريقة تحقق إلى الحساب."

        msgctxt "catalog.introspect_required"
        msgid "The sign-in service first has to look up how this account can be verified."
        msgstr "يجب على خدمة تسجيل الدخول أولًا معرفة طرق التحقق من هذا الحساب."

        msgctxt "catalog.server_error"
        msgid "The sign-in service had a problem. Try again later."
        msgstr "واجهت خدمة تسجيل الدخول مشكلة. حاول مرة أخرى لاحقًا."

        msgctxt "catalog.temporarily_unavailable"
        msgid "The sign-in service is busy right now. Try again in a moment."
        msgstr "خدمة تسجيل الدخول مشغولة الآن. حاول مرة أخرى بعد قليل."

        msgctxt "catalog.http_error"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "أعطت خدمة تسجيل الدخول إجابة لا يستطيع التطبيق استخدامها. حاول مرة أخرى لاحقًا."

        msgctxt "catalog.invalid_response"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "أعطت خدمة تسجيل الدخول إجابة لا يستطيع التطبيق استخدامها. حاول مرة أخرى لاحقًا."

        msgctxt "catalog.transport_error"
        msgid "The sign-in service could not be reached. Check the connection and try again."
        msgstr "تعذّر الوصول إلى خدمة تسجيل الدخول. تحقّق من الاتصال وحاول مرة أخرى."

        msgctxt "catalog.invalid_state"
        msgid "This step cannot be done now. Start again."
        msgstr "لا يمكن تنفيذ هذه الخطوة الآن. ابدأ من جديد."

        msgctxt "catalog.invalid_argument"
        msgid "The app sent something the sign-in service cannot use."
        msgstr "أرسل التطبيق شيئًا لا تستطيع خدمة تسجيل الدخول استخدامه."

        msgctxt "catalog.account_store_error"
        msgid "The account saved on this device could not be read or saved."
        msgstr "تعذّرت قراءة الحساب المحفوظ على هذا الجهاز أو حفظه."

        msgctxt "page.signed_out"
        msgid "Signed out"
        msgstr "تم تسجيل الخروج"

        msgctxt "page.signed_out_message"
        msgid "You are signed out."
        msgstr "لقد سجّلت الخروج."

        msgctxt "page.unregistered_return"
        msgid "Unregistered return address"
        msgstr "عنوان العودة غير مسجَّل"

        msgctxt "page.unregistered_return_message"
        msgid "You are signed out, but the application asked to return to an address it has not registered, so you stay here."
        msgstr "لقد سجّلت الخروج، لكن التطبيق طلب العودة إلى عنوان لم يسجّله، لذلك تبقى في هذه الصفحة."

        """#
}
