# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the local dict `latest` in simulate_shift receives the mutated "queue" collection inside the while_loop body and is read after the loop
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
    latest = dict(variables)

    def has_calls(state):
        i, _ = state
        return i < calls.shape[0]

    def serve(state):
        i, wait = state
        scores, updated = model.apply(variables, calls[i], mutable=["queue"])
        latest.update(updated)
        return i + 1, wait + jax.nn.logsumexp(scores)

    _, total_wait = jax.lax.while_loop(has_calls, serve, (0, jnp.zeros(())))
    busiest = jnp.argmax(latest["queue"]["pending"])
    return total_wait, busiest


def main():
    calls = jax.random.uniform(jax.random.key(9), (12, 3))
    model = DispatchPolicy()
    variables = model.init(jax.random.key(0), calls[0])
    total_wait, busiest = simulate_shift(model, variables, calls)
    jax.block_until_ready((total_wait, busiest))
    return None
