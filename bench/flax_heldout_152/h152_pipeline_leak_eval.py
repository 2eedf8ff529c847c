# label: ok
# flax-error: none
# class: 2 the local variables of locate_leak go straight into the while_loop body, where apply runs with update_baseline=False and only reads it
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class PressureBaseline(nn.Module):
    decay: float = 0.95

    @nn.compact
    def __call__(self, reading, update_baseline: bool = True):
        baseline = self.variable("baseline", "ema", jnp.zeros, reading.shape)
        residual = nn.Dense(reading.shape[-1], name="residual")(reading - baseline.value)
        if update_baseline and not self.is_initializing():
            baseline.value = self.decay * baseline.value + (1 - self.decay) * reading
        return jnp.abs(residual).max()


def locate_leak(model, readings, key, threshold=50.0):
    variables = model.init(key, readings[0])

    def cond(state):
        segment, score = state
        return (segment < readings.shape[0]) & (score < threshold)

    def body(state):
        segment, _ = state
        score = model.apply(variables, readings[segment], update_baseline=False)
        return segment + 1, score

    return lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))


def main():
    readings = jax.random.normal(jax.random.key(6), (10, 16))  # pressure per segment, per sensor
    segment, score = locate_leak(PressureBaseline(), readings, jax.random.key(0))
    assert int(segment) <= readings.shape[0]
    return None
