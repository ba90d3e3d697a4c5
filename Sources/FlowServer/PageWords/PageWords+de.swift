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
