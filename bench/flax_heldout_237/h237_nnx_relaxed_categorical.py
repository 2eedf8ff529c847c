# label: same-values
# flax-error: none
# class: 3 one key drawn from the module's self.rngs "sample" stream before the scan is reused by every step of the body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RelaxedCategorical(nnx.Module):
    def __init__(self, dim, num_classes, temperature, *, rngs: nnx.Rngs):
        self.to_logits = nnx.Linear(dim, num_classes, rngs=rngs)
        self.temperature = temperature
        self.rngs = rngs

    def draw(self, h, num_samples):
        logits = self.to_logits(h)
        key = self.rngs.sample()

        def body(carry, _):
            g = jax.random.gumbel(key, logits.shape)
            y = jax.nn.softmax((logits + g) / self.temperature, axis=-1)
            return carry, y

        _, ys = jax.lax.scan(body, None, None, length=num_samples)
        return ys


def main():
    dist = RelaxedCategorical(4, 5, temperature=0.5, rngs=nnx.Rngs(params=0, sample=1))
    h = jnp.ones((2, 4))
    return dist.draw(h, num_samples=6)
