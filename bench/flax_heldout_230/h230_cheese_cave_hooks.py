# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 sown "intermediates" returned by model.apply in the scan body are handed to an AgingRun's hook list; a RindActivationLogger hook keeps them and reduces them after the loop
"""Cheese cave aging: follow rind moisture through the weeks and log the network's rind activation."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class RindNet(nn.Module):
    @nn.compact
    def __call__(self, climate):
        h = nn.tanh(nn.Dense(6)(climate))
        self.sow("intermediates", "rind_activation", h.mean())
        return nn.Dense(1)(h)[..., 0]


class Hook:
    def on_step(self, intermediates):
        pass

    def on_end(self):
        return None


class RindActivationLogger(Hook):
    def __init__(self):
        self.values = []

    def on_step(self, intermediates):
        self.values.append(intermediates["rind_activation"][0])

    def on_end(self):
        return jnp.stack(self.values).mean()


class AgingRun:
    def __init__(self, model, params, hooks):
        self.model = model
        self.params = params
        self.hooks = list(hooks)

    def run(self, climate_log):
        def body(moisture, climate):
            loss, state = self.model.apply(self.params, climate, mutable=["intermediates"])
            for hook in self.hooks:
                hook.on_step(state["intermediates"])
            return 0.98 * moisture + loss, loss

        scan(body, jnp.asarray(1.0), climate_log)
        return [hook.on_end() for hook in self.hooks]


def main():
    model = RindNet()
    climate_log = jax.random.normal(jax.random.key(2), (12, 3))  # weeks x (humidity, temperature, airflow)
    params = model.init(jax.random.key(0), climate_log[0])
    AgingRun(model, params, [Hook(), RindActivationLogger()]).run(climate_log)
