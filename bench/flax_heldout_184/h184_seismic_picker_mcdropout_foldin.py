# label: ok
# flax-error: none
# class: 1 PhasePicker.__call__ owns the dropout stream and runs the scan; one make_rng key is taken before the loop and folded with the step inside the body
"""P-wave arrival picker with Monte-Carlo dropout: the picker draws several dropout
masks over the same seismogram window to get a spread of arrival probabilities."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class PhasePicker(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, window, n_draws: int):
        h = nn.gelu(nn.Dense(self.hidden)(window))
        head = nn.Dense(window.shape[-1])
        drop = nn.Dropout(self.rate, deterministic=False)
        point = nn.sigmoid(head(h))
        base = self.make_rng("dropout")

        def draw(carry, step):
            prob = nn.sigmoid(head(drop(h, rng=jax.random.fold_in(base, step))))
            return carry + prob, prob

        total, draws = scan(draw, jnp.zeros_like(point), jnp.arange(n_draws))
        return draws


def main():
    picker = PhasePicker()
    window = jax.random.normal(jax.random.key(0), (3, 24))
    variables = picker.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, window, 2)
    draws = picker.apply(variables, window, 6, rngs={"dropout": jax.random.key(3)})
    return draws
