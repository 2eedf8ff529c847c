# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a monitoring mixin on the model wrapper stores the activation statistics of each scan step on self; the report after the loop reads them
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        self.sow("intermediates", "hidden", h)
        return nn.Dense(4)(h)


class DriftMonitorMixin:
    """Keeps a reference activation profile and records the latest one for drift reports."""

    def record_activations(self, acts):
        self._latest_profile = jnp.stack([acts.mean(), acts.std()])

    def drift_report(self):
        return float(jnp.abs(self._latest_profile - self.reference_profile).max())


class MonitoredModel(DriftMonitorMixin):
    def __init__(self, module, variables, reference_profile):
        self.module = module
        self.variables = variables
        self.reference_profile = reference_profile

    def predict(self, x):
        out, state = self.module.apply(self.variables, x, mutable=["intermediates"])
        self.record_activations(state["intermediates"]["hidden"][0])
        return out


def serve(monitored: MonitoredModel, batches):
    def body(total, batch):
        out = monitored.predict(batch)
        return total + out.sum(), None

    total, _ = lax.scan(body, jnp.float32(0), batches)
    return total


def main():
    batches = jax.random.normal(jax.random.key(2), (6, 8, 5)) + jnp.linspace(0, 1, 6)[:, None, None]
    module = Encoder()
    variables = module.init(jax.random.key(0), batches[0])
    monitored = MonitoredModel(module, variables, reference_profile=jnp.array([0.3, 0.5]))
    serve(monitored, batches)
    monitored.drift_report()
    return None
