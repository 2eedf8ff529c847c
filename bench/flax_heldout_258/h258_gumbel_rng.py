# label: same-values
# flax-error: none
# class: 1 RelaxedCategorical.__call__ runs the scan itself and draws from its own 'gumbel' rng stream with self.make_rng inside the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def gumbel_softmax(key, logits, tau):
    noise = jax.random.gumbel(key, logits.shape, dtype=logits.dtype)
    return jax.nn.softmax((logits + noise) / tau, axis=-1)


class RelaxedCategorical(nn.Module):
    n_classes: int = 5
    tau: float = 0.5
    n_samples: int = 6

    @nn.compact
    def __call__(self, h):
        logits = nn.Dense(self.n_classes, name="to_logits")(h)

        def draw(carry, _):
            y = gumbel_softmax(self.make_rng("gumbel"), logits, self.tau)
            return carry, y

        _, samples = scan(draw, None, None, length=self.n_samples)
        return samples


def main():
    model = RelaxedCategorical()
    h = jnp.ones((2, 3))
    variables = model.init({"params": jax.random.key(0), "gumbel": jax.random.key(1)}, h)
    samples = model.apply(variables, h, rngs={"gumbel": jax.random.key(2)})
    return samples
