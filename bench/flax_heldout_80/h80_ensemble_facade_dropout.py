# label: same-values
# flax-error: none
# class: 3 dropout members bound with one dropout key inside an EnsembleFacade, sampled from a scan body
"""MC-dropout ensemble behind a facade: draw per-step dropout masks for uncertainty estimates."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MaskHead(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x):
        return nn.Dropout(self.rate, deterministic=False)(x)


class EnsembleFacade:
    """Hides the individual members; callers only ask for samples."""

    def __init__(self, n_members, base_key):
        self._members = []
        for i in range(n_members):
            head = MaskHead(rate=0.2 + 0.1 * i)
            variables = head.init(jax.random.key(i), jnp.ones((4,)))
            self._members.append(head.bind(variables, rngs={"dropout": jax.random.fold_in(base_key, i)}))

    def sample(self, x):
        return jnp.stack([member(x) for member in self._members])


def draw_masks(facade, n_steps, width):
    ones = jnp.ones((width,))

    def body(step, _):
        return step + 1, facade.sample(ones)

    _, masks = jax.lax.scan(body, 0, None, length=n_steps)
    return masks


def main():
    facade = EnsembleFacade(n_members=3, base_key=jax.random.key(42))
    return draw_masks(facade, n_steps=6, width=16)
