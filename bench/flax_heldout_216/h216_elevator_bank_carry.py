# label: ok
# flax-error: none
# class: 2 locals model and variables in simulate_peak go into the while_loop body, which applies with mutable batch_stats carried in the loop state
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
    params = variables["params"]

    def cond(state):
        i, wait, _ = state
        return (i < bursts.shape[0]) & (wait > target_wait)

    def body(state):
        i, _, stats = state
        waits, updates = model.apply({"params": params, "batch_stats": stats}, bursts[i],
                                     train=True, mutable=["batch_stats"])
        return i + 1, waits.min(axis=-1).mean(), updates["batch_stats"]

    served, wait, refreshed = lax.while_loop(cond, body, (0, jnp.float32(1e3), variables["batch_stats"]))
    return served, {"params": params, "batch_stats": refreshed}


def main():
    # floor, direction, queue length, time since press, lobby flag, hour
    bursts = jax.random.uniform(jax.random.PRNGKey(0), (10, 6, 6))
    model = WaitTimeModel()
    variables = model.init(jax.random.PRNGKey(1), bursts[0])
    served, variables = simulate_peak(model, variables, bursts)
    model.apply(variables, bursts[0]).block_until_ready()
    return None
