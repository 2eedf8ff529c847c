# label: ok
# flax-error: none
# class: 4 the enhancer's fori_loop body calls frontend.gain with the noise estimate from the carry; the estimate is returned after the loop
"""Wiener-style speech enhancer: clip loader, enhancer modules, evaluator, main."""

import jax
import jax.numpy as jnp
import flax.linen as ln
import jax.lax as jlax

N_BINS = 8


class ClipLoader:
    def __init__(self, n_frames=5, batch=2, seed=11):
        self.n_frames, self.batch, self.seed = n_frames, batch, seed

    def noisy_power(self):
        key = jax.random.key(self.seed)
        clean = jnp.abs(jax.random.normal(key, (self.n_frames, self.batch, N_BINS)))
        return clean + 0.25


class NoiseEstimator(ln.Module):
    n_bins: int
    rate: float = 0.2

    def setup(self):
        self.psd = self.variable("noise", "psd", jnp.full, (self.n_bins,), 0.25)

    def current(self):
        return self.psd.value

    def update(self, psd, power):
        return (1.0 - self.rate) * psd + self.rate * power.min(axis=0)


class WienerFrontend(ln.Module):
    n_bins: int

    def setup(self):
        self.estimator = NoiseEstimator(self.n_bins)
        self.refine = ln.Dense(self.n_bins)

    def prime(self, frame):
        return self.refine(frame / (self.estimator.current() + 1e-3))

    def initial_noise(self):
        return self.estimator.current()

    def gain(self, noise, frame):
        noise = self.estimator.update(noise, frame)
        return noise, ln.sigmoid(self.refine(frame / (noise + 1e-3)))


class SpeechEnhancer(ln.Module):
    n_bins: int = N_BINS

    def setup(self):
        self.frontend = WienerFrontend(self.n_bins)

    def prime(self, frame):
        return self.frontend.prime(frame)

    def __call__(self, frames):
        def frame_body(t, carry):
            enhanced, noise = carry
            noise, gain = self.frontend.gain(noise, frames[t])
            return enhanced.at[t].set(frames[t] * gain), noise

        init = (jnp.zeros_like(frames), self.frontend.initial_noise())
        enhanced, noise = jlax.fori_loop(0, frames.shape[0], frame_body, init)
        return enhanced, noise


class Evaluator:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def residual_noise(self, frames):
        enhanced, noise = self.model.apply(self.variables, frames)
        return jnp.mean(enhanced) / jnp.mean(frames), noise


def main():
    frames = ClipLoader().noisy_power()
    model = SpeechEnhancer()
    variables = model.init(jax.random.key(0), frames[0], method=SpeechEnhancer.prime)
    ratio, noise = Evaluator(model, variables).residual_noise(frames)
    jax.block_until_ready((ratio, noise))
    return None
