# label: trace-context
# flax-error: TraceContextError: Cannot mutate AlertCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the while_loop body of the bulletin service increments self.model.alerts, a custom nnx.Variable subclass on the model
"""Avalanche bulletin: advance a snowpack-stability index hour by hour until the forecast window
ends or the danger level stabilises, counting the hours flagged as high danger."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class AlertCount(nnx.Variable):
    """Operational counters that are saved with the model but are not trained."""


class StabilityModel(nnx.Module):
    def __init__(self, layers: int, *, rngs: nnx.Rngs):
        self.update_net = nnx.Linear(layers + 2, layers, rngs=rngs)
        self.danger_head = nnx.Linear(layers, 1, rngs=rngs)
        self.alerts = AlertCount(jnp.zeros((), jnp.int32))

    def __call__(self, snowpack, weather):
        x = jnp.concatenate([snowpack, weather])
        snowpack = snowpack + 0.1 * jnp.tanh(self.update_net(x))
        danger = jax.nn.sigmoid(self.danger_head(snowpack))[0]
        return snowpack, danger


class BulletinService:
    def __init__(self, model: StabilityModel, threshold=0.6, max_hours=48):
        self.model = model
        self.threshold = threshold
        self.max_hours = max_hours

    def forecast(self, snowpack, weather):
        def cond(carry):
            hour, _, danger, prev = carry
            return jnp.logical_and(hour < self.max_hours, jnp.abs(danger - prev) > 1e-4)

        def body(carry):
            hour, pack, danger, _ = carry
            pack, new_danger = self.model(pack, weather[hour])
            self.model.alerts.value += (new_danger > self.threshold).astype(jnp.int32)
            return hour + 1, pack, new_danger, danger

        return lax.while_loop(cond, body, (0, snowpack, jnp.ones(()), jnp.zeros(())))


def main():
    model = StabilityModel(4, rngs=nnx.Rngs(0))
    weather = jax.random.normal(jax.random.key(1), (48, 2))
    service = BulletinService(model)
    hours, pack, danger, _ = service.forecast(jnp.array([0.2, -0.1, 0.4, 0.0]), weather)
    jax.block_until_ready(danger)
    return None
