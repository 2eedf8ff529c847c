# label: ok
# flax-error: none
# class: 4 sown "intermediates" returned by model.apply leave the scan body as ys; an AgingRun hands each week's slice to its hook list after the loop
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
            return 0.98 * moisture + loss, state["intermediates"]

        _, weekly = scan(body, jnp.asarray(1.0), climate_log)
        for week in range(climate_log.shape[0]):
            for hook in self.hooks:
                hook.on_step(jax.tree.map(lambda leaf: leaf[week], weekly))
        return [hook.on_end() for hook in self.hooks]


def main():
    model = RindNet()
    climate_log = jax.random.normal(jax.random.key(2), (12, 3))  # weeks x (humidity, temperature, airflow)
    params = model.init(jax.random.key(0), climate_log[0])
    AgingRun(model, params, [Hook(), RindActivationLogger()]).run(climate_log)
