# label: ok
# flax-error: none
# class: 2 the local `queue` collection of simulate_shift is threaded through the while_loop carry (mutable=["queue"]) and read after the loop
"""Group-control dispatcher for a bank of office-tower elevators.

Hall calls arrive floor by floor; the policy scores each car and keeps a decaying count of pending
calls per car, which the building-management report reads at the end of the shift.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

N_CARS = 4


class DispatchPolicy(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, hall_call):
        pending = self.variable("queue", "pending", lambda: jnp.zeros(N_CARS))
        scores = nn.Dense(N_CARS)(jnp.concatenate([hall_call, pending.value]))
        choice = jax.nn.one_hot(jnp.argmax(scores), N_CARS)
        if self.is_mutable_collection("queue"):
            pending.value = self.decay * pending.value + choice
        return scores


def simulate_shift(model: DispatchPolicy, variables, calls):
    params, queue = variables["params"], variables["queue"]

    def has_calls(state):
        i, _, _ = state
        return i < calls.shape[0]

    def serve(state):
        i, wait, queue = state
        scores, updated = model.apply({"params": params, "queue": queue}, calls[i], mutable=["queue"])
        return i + 1, wait + jax.nn.logsumexp(scores), updated["queue"]

    _, total_wait, queue = jax.lax.while_loop(has_calls, serve, (0, jnp.zeros(()), queue))
    busiest = jnp.argmax(queue["pending"])
    return total_wait, busiest


def main():
    calls = jax.random.uniform(jax.random.key(9), (12, 3))
    model = DispatchPolicy()
    variables = model.init(jax.random.key(0), calls[0])
    total_wait, busiest = simulate_shift(model, variables, calls)
    jax.block_until_ready((total_wait, busiest))
    return None
