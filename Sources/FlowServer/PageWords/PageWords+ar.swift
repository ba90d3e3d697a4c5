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
