# label: ok
# flax-error: none
# class: 5 the model wraps its normalising block in nn.remat; a FrostAlerter applies it with batch_stats mutable and carries the stats in the while_loop state
"""Orchard frost alerting: walks the night's sensor readings until a frost alarm fires."""
import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


class SensorBlock(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.tanh(h)


class FrostNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool = True):
        block = nn.remat(SensorBlock, static_argnums=(2,))
        h = block()(readings, train)
        return nn.Dense(1)(h)[..., 0].mean()


class FrostAlerter:
    def __init__(self, model, variables, limit=0.0):
        self.model = model
        self.variables = variables
        self.limit = limit

    def first_alarm(self, night):
        params = self.variables["params"]

        def keep_going(state):
            hour, score, _ = state
            return (hour < night.shape[0]) & (score > self.limit)

        def hour_step(state):
            hour, _, stats = state
            score, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, night[hour], mutable=["batch_stats"])
            return hour + 1, score, updates["batch_stats"]

        init = (jnp.int32(0), jnp.float32(jnp.inf), self.variables["batch_stats"])
        hour, _, stats = lax.while_loop(keep_going, hour_step, init)
        self.variables = {"params": params, "batch_stats": stats}
        return hour


def main():
    model = FrostNet()
    night = jax.random.normal(jax.random.key(0), (12, 8, 5))
    variables = model.init(jax.random.key(1), night[0], False)
    FrostAlerter(model, variables).first_alarm(night)
    return None
