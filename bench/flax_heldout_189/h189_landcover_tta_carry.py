# label: ok
# flax-error: none
# class: 5 a factory returns the fori_loop step function; it closes over model.apply and the variables, and the "augment" key travels in the carry and is split at every step
"""Land-cover classification of satellite tiles with test-time augmentation: each tile is
perturbed several times (random brightness and sensor noise) and the class scores averaged."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

BANDS = 4
CLASSES = 7


class RandomRadiometry(nn.Module):
    max_gain: float = 0.15

    @nn.compact
    def __call__(self, tile):
        gain_key, noise_key = jax.random.split(self.make_rng("augment"))
        gain = 1.0 + jax.random.uniform(gain_key, (BANDS,), minval=-self.max_gain, maxval=self.max_gain)
        return tile * gain + 0.01 * jax.random.normal(noise_key, tile.shape)


class LandCoverNet(nn.Module):
    @nn.compact
    def __call__(self, tile, augment: bool):
        if augment:
            tile = RandomRadiometry()(tile)
        h = nn.relu(nn.Conv(8, (3, 3))(tile))
        return nn.Dense(CLASSES)(jnp.mean(h, axis=(-3, -2)))


def make_tta_step(apply_fn, variables, tile):
    def step(i, carry):
        rng, scores = carry
        rng, view_rng = jax.random.split(rng)
        logits = apply_fn(variables, tile, augment=True, rngs={"augment": view_rng})
        return rng, scores.at[i].set(nn.softmax(logits))
    return step


class TileClassifier:
    def __init__(self, model, variables, views, seed):
        self.model = model
        self.variables = variables
        self.views = views
        self.rng = jax.random.PRNGKey(seed)

    def per_view_scores(self, tile):
        step = make_tta_step(self.model.apply, self.variables, tile)
        init = (self.rng, jnp.zeros((self.views, CLASSES)))
        _, scores = fori_loop(0, self.views, step, init)
        return scores


def main():
    model = LandCoverNet()
    tile = jax.random.uniform(jax.random.PRNGKey(0), (12, 12, BANDS))
    variables = model.init(jax.random.PRNGKey(1), tile, augment=False)
    scores = TileClassifier(model, variables, views=6, seed=3).per_view_scores(tile)
    return scores
