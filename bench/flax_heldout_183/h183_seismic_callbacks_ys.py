# label: ok
# flax-error: none
# class: 4 trainer.state (TrainState) -> params used in the scan body; per-step metrics leave as scan outputs and reach the callback list afterwards
"""Seismic waveform denoiser: a trainer scans over windows pulled from a batch generator."""
from typing import Iterator, List

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class Denoiser(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, trace):
        h = nn.gelu(nn.Dense(self.width)(trace))
        return trace - nn.Dense(trace.shape[-1])(h)


def window_batches(key, n_batches: int, batch: int, length: int) -> Iterator[jnp.ndarray]:
    for i in range(n_batches):
        clean = jnp.sin(jnp.linspace(0.0, 6.0 + i, length))
        noise = 0.3 * jax.random.normal(jax.random.fold_in(key, i), (batch, length))
        yield clean + noise


class Callback:
    def on_step(self, step, metrics):
        pass

    def on_end(self):
        pass


class PeakAmplitudeTracker(Callback):
    def __init__(self):
        self.history: List[jnp.ndarray] = []

    def on_step(self, step, metrics):
        self.history.append(metrics["peak"])

    def on_end(self):
        return jnp.max(jnp.stack(self.history))


class Trainer:
    def __init__(self, state: train_state.TrainState, callbacks: List[Callback]):
        self.state = state
        self.callbacks = callbacks

    def fit(self, batches: jnp.ndarray):
        def step(state, batch):
            def loss_fn(params):
                out = state.apply_fn({"params": params}, batch)
                return jnp.mean(out ** 2), out

            (loss, out), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
            metrics = {"loss": loss, "peak": jnp.max(jnp.abs(out))}
            return state.apply_gradients(grads=grads), (state.step, metrics)

        self.state, (steps, metrics) = jax.lax.scan(step, self.state, batches)
        for i in range(batches.shape[0]):
            for cb in self.callbacks:
                cb.on_step(steps[i], jax.tree.map(lambda m: m[i], metrics))
        return [cb.on_end() for cb in self.callbacks]


def main():
    key = jax.random.key(3)
    batches = jnp.stack(list(window_batches(key, n_batches=4, batch=2, length=32)))
    model = Denoiser()
    params = model.init(jax.random.key(0), batches[0])["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
    trainer = Trainer(state, [Callback(), PeakAmplitudeTracker()])
    summary = trainer.fit(batches)
    jax.block_until_ready(summary[1])
    return None
