# label: ok
# flax-error: none
# class: 5 functools.partial binds one key drawn from the simulator's noise stream before the fori_loop; the body folds in the copy index
import functools as ft

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class KeywordClassifier(nnx.Module):
    def __init__(self, n_mels: int, n_keywords: int, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3,), rngs=rngs)
        self.out = nnx.Linear(4 * n_mels, n_keywords, rngs=rngs)

    def __call__(self, mel):
        h = nnx.relu(self.conv(mel[..., None]))
        return jax.nn.softmax(self.out(h.reshape(h.shape[:-2] + (-1,))))


def _noisy_copy(i, scores, *, template, floor, scorer, key):
    noise = floor * jax.random.normal(jax.random.fold_in(key, i), template.shape)
    return scores.at[i].set(scorer(template + noise))


class RoomSimulator:
    def __init__(self, scorer: KeywordClassifier, noise_floor: float, seed: int):
        self.scorer = scorer
        self.noise_floor = noise_floor
        self.rngs = nnx.Rngs(noise=seed)

    def robustness(self, template, copies: int):
        body = ft.partial(_noisy_copy, template=template, floor=self.noise_floor,
                          scorer=self.scorer, key=self.rngs.noise())
        init = jnp.zeros((copies, 3))
        return lax.fori_loop(0, copies, body, init)


def main():
    simulator = RoomSimulator(KeywordClassifier(8, 3, nnx.Rngs(0)), noise_floor=0.4, seed=11)
    template = jnp.cos(jnp.linspace(0.0, 3.0, 8))
    return simulator.robustness(template, copies=5)
