import FlowModel
