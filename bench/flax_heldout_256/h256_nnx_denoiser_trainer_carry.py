# label: ok
# flax-error: none
# class: 3 the trainer splits its model and optimizer attributes, threads their state through the fori_loop carry and merges it back after the loop
"""Mask-based denoiser training: loader, model, trainer, evaluator, main."""

import jax
import jax.numpy as jnp
import optax
from flax import nnx

N_BINS = 8


class PairedClipLoader:
    """Noisy / clean magnitude frames for a handful of training steps."""

    def __init__(self, n_steps=3, batch=4, seed=21):
        self.n_steps, self.batch, self.seed = n_steps, batch, seed

    def load(self):
        k_clean, k_noise = jax.random.split(jax.random.key(self.seed))
        clean = jnp.abs(jax.random.normal(k_clean, (self.n_steps, self.batch, N_BINS)))
        noise = 0.4 * jnp.abs(jax.random.normal(k_noise, (self.n_steps, self.batch, N_BINS)))
        return clean + noise, clean


class MaskNet(nnx.Module):
    def __init__(self, n_bins: int, hidden: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_bins, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, n_bins, rngs=rngs)

    def __call__(self, noisy):
        return noisy * jax.nn.sigmoid(self.out(jax.nn.relu(self.inp(noisy))))


def spectral_loss(model: MaskNet, noisy, clean):
    return jnp.mean((model(noisy) - clean) ** 2)


class Trainer:
    def __init__(self, model: MaskNet, learning_rate: float = 1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, noisy, clean):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(spectral_loss)(model, noisy[i], clean[i])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = jax.lax.fori_loop(0, noisy.shape[0], train_step, (state, jnp.float32(0.0)))
        nnx.update((self.model, self.optimizer), state)
        return total / noisy.shape[0]


class Evaluator:
    def __init__(self, model: MaskNet):
        self.model = model

    def snr_gain(self, noisy, clean):
        enhanced = self.model(noisy)
        before = jnp.sum(clean**2) / jnp.sum((noisy - clean) ** 2)
        after = jnp.sum(clean**2) / jnp.sum((enhanced - clean) ** 2)
        return 10.0 * jnp.log10(after / before)


def main():
    noisy, clean = PairedClipLoader().load()
    model = MaskNet(N_BINS, 16, rngs=nnx.Rngs(0))
    mean_loss = Trainer(model).fit(noisy, clean)
    gain = Evaluator(model).snr_gain(noisy[-1], clean[-1])
    jax.block_until_ready((mean_loss, gain))
    return None
