# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 TriageService -> ServiceContainer.resolve("acuity") -> AcuityNet left in train mode (BatchNorm), called in the scan body
"""Emergency department triage: acuity scores for each arrival wave of a shift.

Models are registered in a small service container; the triage service resolves the acuity
network and scores the arrival waves of a shift with a raw jax.lax.scan.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class AcuityNet(nnx.Module):
    def __init__(self, n_vitals: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_vitals, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.score = nnx.Linear(16, 5, rngs=rngs)

    def __call__(self, vitals):
        return jax.nn.softmax(self.score(nnx.relu(self.norm(self.encode(vitals)))))


class ServiceContainer:
    def __init__(self):
        self._factories, self._instances = {}, {}

    def register(self, name, factory):
        self._factories[name] = factory

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = self._factories[name]()
        return self._instances[name]


class TriageService:
    def __init__(self, container: ServiceContainer):
        self.container = container

    def score_shift(self, waves):
        model = self.container.resolve("acuity")

        def wave(queue, vitals):
            probs = model(vitals)
            urgent = jnp.sum(probs[:, :2].sum(-1) > 0.5)
            return queue + urgent, probs.argmax(-1)

        urgent_total, levels = jax.lax.scan(wave, jnp.zeros((), jnp.int32), waves)
        return urgent_total, levels


def main():
    container = ServiceContainer()
    container.register("acuity", lambda: AcuityNet(7, nnx.Rngs(0)))
    service = TriageService(container)
    waves = jax.random.normal(jax.random.key(3), (5, 8, 7))
    urgent_total, levels = service.score_shift(waves)
    print("urgent", urgent_total, "levels", levels.shape)
    return None
