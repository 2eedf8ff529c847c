# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 self.sow of recurrent hidden states from a module method used as the raw lax.scan body during R2D2 burn-in
"""R2D2-style recurrent Q-network: burn-in over the stored prefix, recording hidden states with sow."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RecurrentQ(nn.Module):
    n_actions: int = 4
    hidden: int = 32

    def setup(self):
        self.torso = nn.Dense(self.hidden)
        self.core = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.n_actions)

    def step(self, carry, obs):
        carry, h = self.core(carry, nn.relu(self.torso(obs)))
        self.sow("intermediates", "burn_in_h", h)
        return carry, self.head(h)

    def __call__(self, carry, obs_seq):
        self.torso(obs_seq[0])  # build params outside the loop for init
        self.head(self.core(carry, self.torso(obs_seq[0]))[1])
        carry, q = lax.scan(self.step, carry, obs_seq)
        return carry, q


def burn_in(model, params, carry, prefix):
    (carry, _), state = model.apply(params, carry, prefix, mutable=["intermediates"])
    return carry, state["intermediates"]


def main():
    model = RecurrentQ()
    obs = jnp.ones((6, 2, 10))
    carry = jnp.zeros((2, 32))
    params = model.init(jax.random.key(0), carry, obs)
    params = {"params": params["params"]}
    carry, inter = burn_in(model, params, carry, obs[:3])
    jnp.stack(inter["burn_in_h"]).mean()
    return None
