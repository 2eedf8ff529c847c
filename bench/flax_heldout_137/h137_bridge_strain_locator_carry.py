# label: ok
# flax-error: none
# class: 4 a service locator resolves an InspectionSession holding model and variables; its batch_stats go through the lax.scan carry and are written back to the session after the loop
"""Bridge inspection: strain-gauge sweeps along a span, scored by a Linen encoder."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StrainEncoder(nn.Module):
    features: int = 12

    @nn.compact
    def __call__(self, gauges):
        h = nn.Dense(self.features)(gauges)
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return nn.relu(h)


class ServiceLocator:
    _services: dict = {}

    @classmethod
    def register(cls, name, factory):
        cls._services[name] = factory()

    @classmethod
    def resolve(cls, name):
        return cls._services[name]


class InspectionSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def score(self, batch_stats, gauges):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        out, updates = self.model.apply(variables, gauges, mutable=["batch_stats"])
        return jnp.linalg.norm(out, axis=-1), updates["batch_stats"]

    def drift_report(self):
        stats = self.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.abs(a).max(), stats)


class SpanSweep:
    def __init__(self, n_segments):
        self.n_segments = n_segments

    def run(self, sweeps):
        session = ServiceLocator.resolve("strain-session")

        def body(carry, segment):
            worst, stats = carry
            scores, stats = ServiceLocator.resolve("strain-session").score(stats, segment)
            return (jnp.maximum(worst, scores.max()), stats), None

        (worst, stats), _ = jax.lax.scan(body, (jnp.zeros(()), session.variables["batch_stats"]), sweeps)
        session.variables = {**session.variables, "batch_stats": stats}
        return worst


def main():
    model = StrainEncoder()
    sweeps = jax.random.normal(jax.random.key(0), (6, 10, 8))
    variables = model.init(jax.random.key(1), sweeps[0])
    ServiceLocator.register("strain-session", lambda: InspectionSession(model, variables))
    worst = SpanSweep(n_segments=6).run(sweeps)
    report = ServiceLocator.resolve("strain-session").drift_report()
    jax.block_until_ready((worst, report))
    return None
