# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a service locator resolves an InspectionSession whose model.bind(variables, mutable=["batch_stats"]) is called inside the lax.scan body; the session's bound variables are read after the loop
"""Bridge inspection: strain-gauge sweeps along a span, scored by a bound Linen encoder."""
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def score(self, gauges):
        return jnp.linalg.norm(self.bound(gauges), axis=-1)

    def drift_report(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.abs(a).max(), stats)


class SpanSweep:
    def __init__(self, n_segments):
        self.n_segments = n_segments

    def run(self, sweeps):
        def body(worst, segment):
            session = ServiceLocator.resolve("strain-session")
            return jnp.maximum(worst, session.score(segment).max()), None

        worst, _ = jax.lax.scan(body, jnp.zeros(()), sweeps)
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
