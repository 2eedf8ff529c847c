# label: ok
# flax-error: none
# class: 4 functools.partial of a decode method is the body of a module-level fori_loop wrapper; the key is drawn before the loop and folded with the step
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class OCRConfig:
    n_pixels: int = 12
    hidden: int = 16
    vocab: int = 10
    max_chars: int = 5
    temperature: float = 0.7


def run_steps(body, init, n):
    return jax.lax.fori_loop(0, n, body, init)


class GumbelSampler(nn.Module):
    temperature: float

    def perturb(self, shape, key):
        u = jax.random.uniform(key, shape, minval=1e-6, maxval=1.0)
        return -jnp.log(-jnp.log(u)) * self.temperature


class LineDecoder(nn.Module):
    cfg: OCRConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.readout = nn.Dense(self.cfg.vocab)
        self.sampler = GumbelSampler(self.cfg.temperature)
        self.positions = self.param(
            "positions", nn.initializers.normal(0.1), (self.cfg.max_chars, self.cfg.vocab))

    def _decode_char(self, i, carry, base_logits, key):
        chars, perturbations = carry
        logits = base_logits + self.positions[i]
        noise = self.sampler.perturb(logits.shape, jax.random.fold_in(key, i))
        chars = chars.at[i].set(jnp.argmax(logits + noise).astype(jnp.int32))
        perturbations = perturbations.at[i].set(noise)
        return chars, perturbations

    def __call__(self, line_image):
        context = nn.tanh(self.encoder(line_image))
        base_logits = self.readout(context)
        init = (jnp.zeros((self.cfg.max_chars,), jnp.int32),
                jnp.zeros((self.cfg.max_chars, self.cfg.vocab)))
        key = self.make_rng("sample")
        body = functools.partial(self._decode_char, base_logits=base_logits, key=key)
        return run_steps(body, init, self.cfg.max_chars)


class Transcriber:
    def __init__(self, cfg, seed=0):
        self.model = LineDecoder(cfg)
        self.seed = seed

    def fit_variables(self, image):
        keys = {"params": jax.random.key(self.seed), "sample": jax.random.key(self.seed + 1)}
        self.variables = self.model.init(keys, image)

    def sample(self, image, key):
        return self.model.apply(self.variables, image, rngs={"sample": key})


def main():
    cfg = OCRConfig()
    image = jax.random.normal(jax.random.key(3), (cfg.n_pixels,))
    transcriber = Transcriber(cfg)
    transcriber.fit_variables(image)
    _, perturbations = transcriber.sample(image, jax.random.key(4))
    return perturbations
