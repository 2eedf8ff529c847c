# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the evaluator reaches the S4 model through self.trainer.model; the scan body calls it while its BatchNorm layers are in training mode
import math

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class S4D(nnx.Module):
    def __init__(self, d_model, state_size, rngs: nnx.Rngs):
        H, N = d_model, state_size
        self.log_dt = nnx.Param(jax.random.uniform(rngs.params(), (H,), minval=math.log(1e-3), maxval=math.log(1e-1)))
        self.A_re = nnx.Param(jnp.full((H, N), math.log(0.5)))
        self.A_im = nnx.Param(jnp.broadcast_to(math.pi * jnp.arange(N), (H, N)))
        self.C = nnx.Param(0.5 * jax.random.normal(rngs.params(), (H, N, 2)))
        self.D = nnx.Param(jnp.ones((H,)))

    def kernel(self, L):
        A = -jnp.exp(self.A_re[...]) + 1j * self.A_im[...]
        dtA = jnp.exp(self.log_dt[...])[:, None] * A
        C = self.C[..., 0] + 1j * self.C[..., 1]
        powers = jnp.exp(dtA[..., None] * jnp.arange(L))
        return 2.0 * jnp.real(jnp.einsum("hn,hnl->hl", C * (jnp.exp(dtA) - 1.0) / A, powers))

    def __call__(self, u):
        L = u.shape[-2]
        K = self.kernel(L)
        y = jnp.fft.irfft(jnp.fft.rfft(u, n=2 * L, axis=-2) * jnp.fft.rfft(K.T, n=2 * L, axis=-2), n=2 * L, axis=-2)
        return y[..., :L, :] + self.D[...] * u


class S4Block(nnx.Module):
    def __init__(self, d_model, rngs):
        self.ssm = S4D(d_model, 8, rngs)
        self.norm = nnx.BatchNorm(d_model, momentum=0.9, rngs=rngs)
        self.mix = nnx.Linear(d_model, d_model, rngs=rngs)

    def __call__(self, x):
        return x + self.mix(nnx.gelu(self.norm(self.ssm(x))))


class S4Classifier(nnx.Module):
    def __init__(self, in_dim, d_model, n_classes, rngs):
        self.encoder = nnx.Linear(in_dim, d_model, rngs=rngs)
        self.blocks = nnx.List([S4Block(d_model, rngs) for _ in range(2)])
        self.head = nnx.Linear(d_model, n_classes, rngs=rngs)

    def __call__(self, x):
        h = self.encoder(x)
        for block in self.blocks:
            h = block(h)
        return self.head(h.mean(axis=-2))


class Trainer:
    def __init__(self, model):
        self.model = model


class WindowEvaluator:
    def __init__(self, trainer, window):
        self.trainer = trainer
        self.window = window

    def evaluate(self, signal, label):
        windows = signal.reshape(-1, 1, self.window, signal.shape[-1])

        def score(correct, window):
            logits = self.trainer.model(window)
            return correct + (jnp.argmax(logits, -1) == label).sum(), logits

        correct, logits = scan(score, jnp.array(0), windows)
        return correct / windows.shape[0], logits


def main():
    trainer = Trainer(S4Classifier(2, 8, 4, nnx.Rngs(0)))
    evaluator = WindowEvaluator(trainer, window=16)
    signal = jnp.cos(jnp.linspace(0.0, 20.0, 64))[:, None] * jnp.array([1.0, -0.5])
    acc, logits = evaluator.evaluate(signal, label=1)
    jax.block_until_ready((acc, logits))
    return None
