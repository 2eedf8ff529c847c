# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local model.bind(variables, mutable=['batch_stats']) in simulate_peak goes into the while_loop body directly
"""Elevator group control: replay the morning peak hall calls through a wait-time model that
re-estimates its normalisation statistics, until the queue target is met."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class WaitTimeModel(nn.Module):
    cars: int = 4

    @nn.compact
    def __call__(self, hall_calls, train: bool = False):
        h = nn.Dense(16)(hall_calls)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.softplus(nn.Dense(self.cars)(nn.relu(h)))  # expected wait per car (s)


def simulate_peak(model, variables, bursts, target_wait=30.0):
    bound = model.bind(variables, mutable=["batch_stats"])

    def cond(state):
        i, wait = state
        return (i < bursts.shape[0]) & (wait > target_wait)

    def body(state):
        i, _ = state
        waits = bound(bursts[i], train=True)
        return i + 1, waits.min(axis=-1).mean()

    served, wait = lax.while_loop(cond, body, (0, jnp.float32(1e3)))
    refreshed = bound.variables["batch_stats"]
    return served, {"params": variables["params"], "batch_stats": refreshed}


def main():
    # floor, direction, queue length, time since press, lobby flag, hour
    bursts = jax.random.uniform(jax.random.PRNGKey(0), (10, 6, 6))
    model = WaitTimeModel()
    variables = model.init(jax.random.PRNGKey(1), bursts[0])
    served, variables = simulate_peak(model, variables, bursts)
    model.apply(variables, bursts[0]).block_until_ready()
    return None
