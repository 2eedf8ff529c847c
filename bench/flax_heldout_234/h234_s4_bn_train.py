# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 experiment.pipeline holds the S4 classifier and its variables; the scan body applies it in training mode, batch_stats not mutable
import math

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import linen as fnn


def s4d_kernel(log_dt, A_re, A_im, C, L):
    A = -jnp.exp(A_re) + 1j * A_im
    dtA = jnp.exp(log_dt)[:, None] * A
    dB = (jnp.exp(dtA) - 1.0) / A
    powers = jnp.exp(dtA[..., None] * jnp.arange(L))
    return 2.0 * jnp.real(jnp.einsum("hn,hnl->hl", C * dB, powers))


def causal_conv(u, K):
    L = u.shape[-2]
    U = jnp.fft.rfft(u, n=2 * L, axis=-2)
    Kf = jnp.fft.rfft(K.T, n=2 * L, axis=-2)
    return jnp.fft.irfft(U * Kf, n=2 * L, axis=-2)[..., :L, :]


class S4DConv(fnn.Module):
    state_size: int = 8

    @fnn.compact
    def __call__(self, u):
        L, H, N = u.shape[-2], u.shape[-1], self.state_size
        log_dt = self.param("log_dt", lambda k, s: jax.random.uniform(k, s, minval=math.log(1e-3), maxval=math.log(1e-1)), (H,))
        A_re = self.param("A_re", lambda k, s: jnp.full(s, math.log(0.5)), (H, N))
        A_im = self.param("A_im", lambda k, s: jnp.broadcast_to(math.pi * jnp.arange(N), s), (H, N))
        C_ri = self.param("C", fnn.initializers.normal(0.5), (H, N, 2))
        D = self.param("D", fnn.initializers.ones, (H,))
        K = s4d_kernel(log_dt, A_re, A_im, C_ri[..., 0] + 1j * C_ri[..., 1], L)
        return causal_conv(u, K) + D * u


class S4Classifier(fnn.Module):
    d_model: int = 8
    n_classes: int = 4

    @fnn.compact
    def __call__(self, x, train: bool = True):
        h = fnn.Dense(self.d_model)(x)
        for _ in range(2):
            z = S4DConv()(h)
            z = fnn.BatchNorm(use_running_average=not train, momentum=0.9)(z)
            h = h + fnn.gelu(z)
        return fnn.Dense(self.n_classes)(h.mean(axis=-2))


class Pipeline:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict_window(self, window):
        return self.model.apply(self.variables, window)


class Experiment:
    def __init__(self, seed=0, window=16, channels=2):
        model = S4Classifier()
        variables = model.init(jax.random.key(seed), jnp.zeros((1, window, channels)), train=False)
        self.pipeline = Pipeline(model, variables)
        self.window = window

    def sliding_logits(self, signal):
        windows = signal.reshape(-1, 1, self.window, signal.shape[-1])

        def accumulate(total, window):
            logits = self.pipeline.predict_window(window)
            return total + logits, fnn.log_softmax(logits)

        total, per_window = lax.scan(accumulate, jnp.zeros((1, 4)), windows)
        return total / windows.shape[0], per_window


def main():
    exp = Experiment()
    signal = jnp.cos(jnp.linspace(0.0, 20.0, 64))[:, None] * jnp.array([1.0, -0.5])
    mean_logits, per_window = exp.sliding_logits(signal)
    jax.block_until_ready((mean_logits, per_window))
    return None
