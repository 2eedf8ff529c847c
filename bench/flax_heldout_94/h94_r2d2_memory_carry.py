# label: ok
# flax-error: none
# class: 2 the LSTM state is the raw jax.lax.scan carry and is written to self.variable('memory') once after the loop
"""Same R2D2 network; the recurrent state is read from the memory variable before the unroll,
carried through jax.lax.scan, and stored back once the loop has finished."""
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

        def unroll(carry, obs):
            carry, y = lstm(carry, obs)
            return carry, head(y)

        carry, q = jax.lax.scan(unroll, memory.value, obs_seq)
        memory.value = carry
        return q


def main():
    net = RecurrentQ()
    obs = jnp.ones((4, 2, 5))
    variables = net.init(jax.random.PRNGKey(1), obs)
    q, state = net.apply(variables, obs, mutable=["memory"])
    variables = {**variables, **state}
    q, state = net.apply(variables, obs, mutable=["memory"])
