# label: ok
# flax-error: none
# class: 3 the decoder is bound inside the scan body with a dropout key folded with the step, so each step draws its own mask
import flax.linen as nn
import jax
import jax.numpy as jnp


class Decoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, h, train: bool = False):
        h = nn.tanh(nn.Dense(self.features)(h))
        return nn.Dropout(0.5, deterministic=not train)(h)


class NoisyRollout:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def _step(self, h, t):
        bound = self.model.bind(self.variables, rngs={"dropout": jax.random.fold_in(self.key, t)})
        h = bound(h, train=True)
        return h, (h != 0).astype(jnp.float32)

    def run(self, h0, steps):
        _, masks = jax.lax.scan(self._step, h0, jnp.arange(steps))
        return masks


def main():
    model = Decoder()
    h0 = jnp.ones(8)
    variables = model.init(jax.random.key(0), h0)
    return NoisyRollout(model, variables, seed=3).run(h0, 5)
