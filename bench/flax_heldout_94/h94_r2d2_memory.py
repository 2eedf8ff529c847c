# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a self.variable('memory') holding the LSTM state is written inside a raw jax.lax.scan over the burn-in sequence
"""R2D2-style recurrent Q network. The recurrent state is kept in a 'memory' collection so that
the actor can resume it between calls; the burn-in unroll writes it from inside jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentQ(nn.Module):
    hidden: int = 8
    actions: int = 3

    @nn.compact
    def __call__(self, obs_seq):  # (time, batch, obs)
        batch = obs_seq.shape[1]
        lstm = nn.OptimizedLSTMCell(self.hidden)
        head = nn.Dense(self.actions)
        memory = self.variable(
            "memory", "carry", lambda: lstm.initialize_carry(jax.random.PRNGKey(0), (batch, obs_seq.shape[-1]))
        )
        if self.is_initializing():
            _, y = lstm(memory.value, obs_seq[0])
            head(y)

        def unroll(_, obs):
            memory.value, y = lstm(memory.value, obs)
            return None, head(y)

        _, q = jax.lax.scan(unroll, None, obs_seq)
        return q


def main():
    net = RecurrentQ()
    obs = jnp.ones((4, 2, 5))
    variables = net.init(jax.random.PRNGKey(1), obs)
    q, state = net.apply(variables, obs, mutable=["memory"])
    variables = {**variables, **state}
    q, state = net.apply(variables, obs, mutable=["memory"])
