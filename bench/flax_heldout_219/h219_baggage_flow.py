# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 model.bind(variables) held by a BeltSession in BaggageService.sessions; the scan body reaches it through self.service.session_for(belt).predict(..., train=True)
"""Airport baggage flow: a belt-load model predicts how many bags each scanner batch adds to
the sorting queue; the simulator recalibrates the model's normalisation on live traffic."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class BeltLoadNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, scans, train: bool):
        h = nn.Dense(self.features)(scans)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class BeltSession:
    def __init__(self, belt_id, bound):
        self.belt_id = belt_id
        self.bound = bound

    def predict(self, scans, train):
        return self.bound(scans, train=train)


class BaggageService:
    def __init__(self, model, variables, belts):
        self.sessions = {belt: BeltSession(belt, model.bind(variables)) for belt in belts}

    def session_for(self, belt):
        return self.sessions[belt]


class FlowSimulator:
    def __init__(self, service, belt, recalibrate=True, capacity=3.0):
        self.service = service
        self.belt = belt
        self.recalibrate = recalibrate
        self.capacity = capacity

    def run(self, arrivals):
        def body(queue, scans):
            session = self.service.session_for(self.belt)
            load = session.predict(scans, train=self.recalibrate)
            queue = jnp.maximum(queue + load.sum() - self.capacity, 0.0)
            return queue, queue

        return lax.scan(body, jnp.zeros(()), arrivals)


def main():
    model = BeltLoadNet()
    arrivals = jax.random.uniform(jax.random.key(7), (10, 4, 6))
    variables = model.init(jax.random.key(0), arrivals[0], train=False)
    service = BaggageService(model, variables, belts=("T1-A", "T1-B"))
    FlowSimulator(service, "T1-B", recalibrate=True).run(arrivals)
    return None
