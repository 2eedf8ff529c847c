# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 setup-defined GRUCell first called in a bound-method scan body while init runs
"""Shape from purejaxrl-style recurrent actors (setup submodules, a `_step` method passed to
jax.lax.scan as a bound method) instead of the usual nn.scan-wrapped ScannedRNN."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentActor(nn.Module):
    action_dim: int = 3
    hidden: int = 8

    def setup(self):
        self.torso = nn.Dense(self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.pi_head = nn.Dense(self.action_dim)

    def _step(self, h, obs_t):
        h, y = self.cell(h, obs_t)
        return h, self.pi_head(y)

    def __call__(self, h, obs_seq):
        emb = nn.relu(self.torso(obs_seq))
        h, logits = jax.lax.scan(self._step, h, emb)
        return h, logits


def main():
    model = RecurrentActor()
    obs = jnp.ones((6, 4, 5))
    h0 = jnp.zeros((4, 8))
    variables = model.init(jax.random.PRNGKey(0), h0, obs)
    h, logits = model.apply(variables, h0, obs)
    jax.block_until_ready(logits)
    return None
