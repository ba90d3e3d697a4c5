extension PageWords {
    /// The pages' words (`page.<name>`) and the catalog's texts (`catalog.<code>`) in French, as gettext:
    /// `msgctxt` the key, `msgid` the English, `msgstr` the translation.
    static let french = #"""
        msgid ""
        msgstr "Language: fr\n"

        msgctxt "page.flows_heading"
        msgid "Flows"
        msgstr "Parcours"

        msgctxt "page.no_flows"
        msgid "No flow is served."
        msgstr "Aucun parcours n’est proposé."

        msgctxt "page.start"
        msgid "Start"
        msgstr "Commencer"

        msgctxt "page.optional"
        msgid "(optional)"
        msgstr "(facultatif)"

        msgctxt "page.continue"
        msgid "Continue"
        msgstr "Continuer"

        msgctxt "page.cancel"
        msgid "Cancel"
        msgstr "Annuler"

        msgctxt "page.start_again"
        msgid "Start again"
        msgstr "Recommencer"

        msgctxt "page.done"
        msgid "Done"
        msgstr "Terminé"

        msgctxt "page.not_completed_here"
        msgid "Not completed here"
        msgstr "À poursuivre ailleurs"

        msgctxt "page.not_completed"
        msgid "Not completed"
        msgstr "Non abouti"

        msgctxt "page.ended_early"
        msgid "The flow ended before it was completed."
        msgstr "Le parcours s’est arrêté avant d’aboutir."

        msgctxt "page.cancelled"
        msgid "Cancelled"
        msgstr "Annulé"

        msgctxt "page.cancelled_message"
        msgid "You cancelled it; nothing more was done."
        msgstr "Vous avez annulé ; rien d’autre n’a été fait."

        msgctxt "page.could_not_go_on"
        msgid "Could not go on"
        msgstr "Impossible de continuer"

        msgctxt "page.could_not_go_on_message"
        msgid "Something went wrong on our side, so this could not be completed. Start again."
        msgstr ""
        "Un problème est survenu de notre côté et l’opération n’a pas pu "
        "aboutir. Veuillez recommencer."

        msgctxt "page.session_expired"
        msgid "Your session expired or never started."
        msgstr "Votre session a expiré ou n’a jamais commencé."

        msgctxt "page.outbox_heading"
        msgid "Development outbox"
        msgstr "Boîte d’envoi de développement"

        msgctxt "page.outbox_intro"
        msgid ""
        "Codes the embedded authority sent to this session's addresses, shown "
        "because this option is on:"
        msgstr ""
        "Codes envoyés par l’autorité intégrée aux adresses de cette session, "
        "affichés parce que cette option est activée :"

        msgctxt "page.outbox_none"
        msgid "None yet."
        msgstr "Aucun pour l’instant."

        msgctxt "page.outbox_to"
        msgid "to"
        msgstr "à"

        msgctxt "page.outbox_at"
        msgid "at"
        msgstr "le"

        msgctxt "page.all_flows"
        msgid "All flows"
        msgstr "Tous les parcours"

        msgctxt "page.not_found"
        msgid "Not found"
        msgstr "Page introuvable"

        msgctxt "page.not_found_message"
        msgid "There is no such page."
        msgstr "Cette page n’existe pas."

        msgctxt "page.form_expired"
        msgid "Form expired"
        msgstr "Formulaire expiré"

        msgctxt "page.form_expired_message"
        msgid "The form's security token did not match; go back, reload and try again."
        msgstr ""
        "Le jeton de sécurité du formulaire ne correspond pas. Revenez en "
        "arrière, rechargez la page et réessayez."

        msgctxt "page.answer_too_large"
        msgid "Answer too large"
        msgstr "Réponse trop longue"

        msgctxt "page.form_too_large_message"
        msgid "A form is at most ${bytes} bytes; go back and shorten it."
        msgstr "Un formulaire ne peut dépasser ${bytes} octets. Revenez en arrière et raccourcissez-le."

        msgctxt "page.too_many_answers"
        msgid "Too many answers"
        msgstr "Trop de réponses"

        msgctxt "page.too_many_answers_message"
        msgid "Wait ${seconds} seconds, then go back and answer again."
        msgstr "Patientez ${seconds} secondes, puis revenez en arrière et répondez de nouveau."

        msgctxt "page.too_many_sessions"
        msgid "Too many sessions"
        msgstr "Trop de sessions"

        msgctxt "page.wait_message"
        msgid "Wait ${seconds} seconds, then try again."
        msgstr "Patientez ${seconds} secondes, puis réessayez."

        msgctxt "page.unavailable"
        msgid "Unavailable"
        msgstr "Service indisponible"

        msgctxt "page.unavailable_message"
        msgid "The service cannot go on right now. Try again in a moment."
        msgstr "Le service ne peut pas continuer pour le moment. Réessayez dans un instant."

        msgctxt "catalog.password_too_weak"
        msgid "The password is too weak."
        msgstr "Le mot de passe est trop faible."

        msgctxt "catalog.password_too_short"
        msgid "The password is too short."
        msgstr "Le mot de passe est trop court."

        msgctxt "catalog.password_too_long"
        msgid "The password is too long."
        msgstr "Le mot de passe est trop long."

        msgctxt "catalog.password_recently_used"
        msgid "This password was used recently."
        msgstr "Ce mot de passe a été utilisé récemment."

        msgctxt "catalog.password_banned"
        msgid "This password is not allowed."
        msgstr "Ce mot de passe n’est pas autorisé."

        msgctxt "catalog.password_is_invalid"
        msgid "This password cannot be used."
        msgstr "Ce mot de passe ne peut pas être utilisé."

        msgctxt "page.signed_out"
        msgid "Signed out"
        msgstr "Déconnecté"

        msgctxt "page.signed_out_message"
        msgid "You are signed out."
        msgstr "Vous êtes déconnecté."

        msgctxt "page.unregistered_return"
        msgid "Unregistered return address"
        msgstr "Adresse de retour non enregistrée"

        msgctxt "page.unregistered_return_message"
        msgid "You are signed out, but the application asked to return to an address it has not registered, so you stay here."
        msgstr "Vous êtes déconnecté, mais l’application a demandé à revenir à une adresse qu’elle n’a pas enregistrée : vous restez donc ici."

        """#
}
