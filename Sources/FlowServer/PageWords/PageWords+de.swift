extension PageWords {
    /// The pages' words (`page.<name>`) and the catalog's texts (`catalog.<code>`) in German, as gettext:
    /// `msgctxt` the key, `msgid` the English, `msgstr` the translation.
    static let german = #"""
        msgid ""
        msgstr "Language: de\n"

        msgctxt "page.flows_heading"
        msgid "Flows"
        msgstr "Abläufe"

        msgctxt "page.no_flows"
        msgid "No flow is served."
        msgstr "Es wird kein Ablauf angeboten."

        msgctxt "page.start"
        msgid "Start"
        msgstr "Starten"

        msgctxt "page.optional"
        msgid "(optional)"
        msgstr "(optional)"

        msgctxt "page.continue"
        msgid "Continue"
        msgstr "Weiter"

        msgctxt "page.cancel"
        msgid "Cancel"
        msgstr "Abbrechen"

        msgctxt "page.start_again"
        msgid "Start again"
        msgstr "Neu beginnen"

        msgctxt "page.done"
        msgid "Done"
        msgstr "Fertig"

        msgctxt "page.not_completed_here"
        msgid "Not completed here"
        msgstr "Hier nicht abgeschlossen"

        msgctxt "page.not_completed"
        msgid "Not completed"
        msgstr "Nicht abgeschlossen"

        msgctxt "page.ended_early"
        msgid "The flow ended before it was completed."
        msgstr "Der Ablauf wurde beendet, bevor er abgeschlossen war."

        msgctxt "page.cancelled"
        msgid "Cancelled"
        msgstr "Abgebrochen"

        msgctxt "page.cancelled_message"
        msgid "You cancelled it; nothing more was done."
        msgstr "Sie haben abgebrochen; es wurde nichts weiter unternommen."

        msgctxt "page.could_not_go_on"
        msgid "Could not go on"
        msgstr "Es ging nicht weiter"

        msgctxt "page.could_not_go_on_message"
        msgid "Something went wrong on our side, so this could not be completed. Start again."
        msgstr ""
        "Bei uns ist ein Fehler aufgetreten, daher konnte der Vorgang nicht "
        "abgeschlossen werden. Bitte beginnen Sie neu."

        msgctxt "page.session_expired"
        msgid "Your session expired or never started."
        msgstr "Ihre Sitzung ist abgelaufen oder wurde nie gestartet."

        msgctxt "page.outbox_heading"
        msgid "Development outbox"
        msgstr "Postausgang (Entwicklung)"

        msgctxt "page.outbox_intro"
        msgid ""
        "Codes the embedded authority sent to this session's addresses, shown "
        "because this option is on:"
        msgstr ""
        "Codes, die die eingebettete Autorität an die Adressen dieser Sitzung "
        "gesendet hat – angezeigt, weil diese Option aktiv ist:"

        msgctxt "page.outbox_none"
        msgid "None yet."
        msgstr "Noch keine."

        msgctxt "page.outbox_to"
        msgid "to"
        msgstr "an"

        msgctxt "page.outbox_at"
        msgid "at"
        msgstr "am"

        msgctxt "page.all_flows"
        msgid "All flows"
        msgstr "Alle Abläufe"

        msgctxt "page.not_found"
        msgid "Not found"
        msgstr "Nicht gefunden"

        msgctxt "page.not_found_message"
        msgid "There is no such page."
        msgstr "Diese Seite gibt es nicht."

        msgctxt "page.form_expired"
        msgid "Form expired"
        msgstr "Formular abgelaufen"

        msgctxt "page.form_expired_message"
        msgid "The form's security token did not match; go back, reload and try again."
        msgstr ""
        "Das Sicherheitstoken des Formulars stimmte nicht. Gehen Sie zurück, "
        "laden Sie die Seite neu und versuchen Sie es noch einmal."

        msgctxt "page.answer_too_large"
        msgid "Answer too large"
        msgstr "Antwort zu lang"

        msgctxt "page.form_too_large_message"
        msgid "A form is at most ${bytes} bytes; go back and shorten it."
        msgstr "Ein Formular darf höchstens ${bytes} Bytes umfassen. Gehen Sie zurück und kürzen Sie es."

        msgctxt "page.too_many_answers"
        msgid "Too many answers"
        msgstr "Zu viele Antworten"

        msgctxt "page.too_many_answers_message"
        msgid "Wait ${seconds} seconds, then go back and answer again."
        msgstr "Warten Sie ${seconds} Sekunden, gehen Sie dann zurück und antworten Sie erneut."

        msgctxt "page.too_many_sessions"
        msgid "Too many sessions"
        msgstr "Zu viele Sitzungen"

        msgctxt "page.wait_message"
        msgid "Wait ${seconds} seconds, then try again."
        msgstr "Warten Sie ${seconds} Sekunden und versuchen Sie es dann noch einmal."

        msgctxt "page.unavailable"
        msgid "Unavailable"
        msgstr "Nicht verfügbar"

        msgctxt "page.unavailable_message"
        msgid "The service cannot go on right now. Try again in a moment."
        msgstr "Der Dienst kann gerade nicht fortfahren. Versuchen Sie es gleich noch einmal."

        msgctxt "catalog.password_too_weak"
        msgid "The password is too weak."
        msgstr "Das Passwort ist zu schwach."

        msgctxt "catalog.password_too_short"
        msgid "The password is too short."
        msgstr "Das Passwort ist zu kurz."

        msgctxt "catalog.password_too_long"
        msgid "The password is too long."
        msgstr "Das Passwort ist zu lang."

        msgctxt "catalog.password_recently_used"
        msgid "This password was used recently."
        msgstr "Dieses Passwort wurde kürzlich verwendet."

        msgctxt "catalog.password_banned"
        msgid "This password is not allowed."
        msgstr "Dieses Passwort ist nicht erlaubt."

        msgctxt "catalog.password_is_invalid"
        msgid "This password cannot be used."
        msgstr "Dieses Passwort kann nicht verwendet werden."

        msgctxt "catalog.unknown"
        msgid "Something went wrong on the sign-in service. Try again later."
        msgstr "Beim Anmeldedienst ist ein Fehler aufgetreten. Versuchen Sie es später erneut."

        msgctxt "catalog.redirect"
        msgid "This cannot be finished in the app. Continue in a browser."
        msgstr "Dies kann nicht in der App abgeschlossen werden. Fahren Sie in einem Browser fort."

        msgctxt "catalog.invalid_request"
        msgid "The sign-in service could not accept this request."
        msgstr "Der Anmeldedienst konnte diese Anfrage nicht annehmen."

        msgctxt "catalog.invalid_grant"
        msgid "The sign-in service did not accept what was entered. Try again."
        msgstr "Der Anmeldedienst hat die Eingabe nicht akzeptiert. Versuchen Sie es erneut."

        msgctxt "catalog.invalid_client"
        msgid "This app is not set up for signing in here. Contact its support."
        msgstr "Diese App ist für die Anmeldung hier nicht eingerichtet. Wenden Sie sich an ihren Support."

        msgctxt "catalog.unauthorized_client"
        msgid "This app is not allowed to sign you in this way. Contact its support."
        msgstr "Diese App darf Sie nicht auf diese Weise anmelden. Wenden Sie sich an ihren Support."

        msgctxt "catalog.invalid_scope"
        msgid "This app asked for access that the sign-in service does not give. Contact its support."
        msgstr "Diese App hat einen Zugriff angefordert, den der Anmeldedienst nicht gewährt. Wenden Sie sich an ihren Support."

        msgctxt "catalog.unsupported_grant_type"
        msgid "This app cannot sign you in this way."
        msgstr "Diese App kann Sie nicht auf diese Weise anmelden."

        msgctxt "catalog.unsupported_challenge_type"
        msgid "This app cannot do the verification that the sign-in service asks for."
        msgstr "Diese App kann die vom Anmeldedienst verlangte Überprüfung nicht durchführen."

        msgctxt "catalog.unsupported_auth_method"
        msgid "This way of verifying is not available for this account."
        msgstr "Diese Art der Überprüfung ist für dieses Konto nicht verfügbar."

        msgctxt "catalog.auth_not_supported"
        msgid "This way of verifying is not available for this account."
        msgstr "Diese Art der Überprüfung ist für dieses Konto nicht verfügbar."

        msgctxt "catalog.nativeauthapi_disabled"
        msgid "Signing in from this app is turned off. Contact its support."
        msgstr "Die Anmeldung aus dieser App ist ausgeschaltet. Wenden Sie sich an ihren Support."

        msgctxt "catalog.attributes_required"
        msgid "More details are needed to create the account."
        msgstr "Für das Anlegen des Kontos werden weitere Angaben benötigt."

        msgctxt "catalog.attribute_validation_failed"
        msgid "Some of the details entered are not valid."
        msgstr "Einige der eingegebenen Angaben sind ungültig."

        msgctxt "catalog.user_not_found"
        msgid "No account was found for this username."
        msgstr "Für diesen Benutzernamen wurde kein Konto gefunden."

        msgctxt "catalog.user_already_exists"
        msgid "An account already exists for this username."
        msgstr "Für diesen Benutzernamen gibt es bereits ein Konto."

        msgctxt "catalog.expired_token"
        msgid "This took too long and has expired. Start again."
        msgstr "Das hat zu lange gedauert und ist abgelaufen. Beginnen Sie von vorn."

        msgctxt "catalog.expired_refresh_token"
        msgid "Your sign-in has expired. Sign in again."
        msgstr "Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut an."

        msgctxt "catalog.invalid_oob_value"
        msgid "The code is not correct."
        msgstr "Der Code ist nicht korrekt."

        msgctxt "catalog.too_many_attempts"
        msgid "There were too many attempts. Wait a while, then try again."
        msgstr "Es gab zu viele Versuche. Warten Sie eine Weile und versuchen Sie es dann erneut."

        msgctxt "catalog.access_denied"
        msgid "Access was denied."
        msgstr "Der Zugriff wurde verweigert."

        msgctxt "catalog.provider_blocked_by_rep"
        msgid "This way of verifying is blocked for now. Try another one."
        msgstr "Diese Art der Überprüfung ist vorübergehend gesperrt. Versuchen Sie eine andere."

        msgctxt "catalog.credential_required"
        msgid "One more verification is needed to sign in."
        msgstr "Für die Anmeldung ist eine weitere Überprüfung nötig."

        msgctxt "catalog.mfa_required"
        msgid "A second verification is needed to sign in."
        msgstr "Für die Anmeldung ist eine zweite Überprüfung nötig."

        msgctxt "catalog.registration_required"
        msgid "A way of verifying has to be added to the account first."
        msgstr "Dem Konto muss zuerst eine Art der Überprüfung hinzugefügt werden."

        msgctxt "catalog.introspect_required"
        msgid "The sign-in service first has to look up how this account can be verified."
        msgstr "Der Anmeldedienst muss zuerst ermitteln, wie dieses Konto überprüft werden kann."

        msgctxt "catalog.server_error"
        msgid "The sign-in service had a problem. Try again later."
        msgstr "Beim Anmeldedienst ist ein Problem aufgetreten. Versuchen Sie es später erneut."

        msgctxt "catalog.temporarily_unavailable"
        msgid "The sign-in service is busy right now. Try again in a moment."
        msgstr "Der Anmeldedienst ist gerade ausgelastet. Versuchen Sie es gleich noch einmal."

        msgctxt "catalog.http_error"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "Der Anmeldedienst hat eine Antwort gegeben, die die App nicht verwenden kann. Versuchen Sie es später erneut."

        msgctxt "catalog.invalid_response"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "Der Anmeldedienst hat eine Antwort gegeben, die die App nicht verwenden kann. Versuchen Sie es später erneut."

        msgctxt "catalog.transport_error"
        msgid "The sign-in service could not be reached. Check the connection and try again."
        msgstr "Der Anmeldedienst ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut."

        msgctxt "catalog.invalid_state"
        msgid "This step cannot be done now. Start again."
        msgstr "Dieser Schritt ist gerade nicht möglich. Beginnen Sie von vorn."

        msgctxt "catalog.invalid_argument"
        msgid "The app sent something the sign-in service cannot use."
        msgstr "Die App hat etwas gesendet, das der Anmeldedienst nicht verwenden kann."

        msgctxt "catalog.account_store_error"
        msgid "The account saved on this device could not be read or saved."
        msgstr "Das auf diesem Gerät gespeicherte Konto konnte nicht gelesen oder gespeichert werden."

        msgctxt "page.signed_out"
        msgid "Signed out"
        msgstr "Abgemeldet"

        msgctxt "page.signed_out_message"
        msgid "You are signed out."
        msgstr "Sie sind abgemeldet."

        msgctxt "page.unregistered_return"
        msgid "Unregistered return address"
        msgstr "Rücksprungadresse nicht registriert"

        msgctxt "page.unregistered_return_message"
        msgid "You are signed out, but the application asked to return to an address it has not registered, so you stay here."
        msgstr "Sie sind abgemeldet. Die Anwendung wollte Sie jedoch an eine Adresse zurückleiten, die sie nicht registriert hat, deshalb bleiben Sie hier."

        """#
}
