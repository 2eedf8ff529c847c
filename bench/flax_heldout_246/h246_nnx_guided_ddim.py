# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the guided sampler's classifier attribute is handed to nnx.grad from classifier_grad, called in the lax.scan body
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, din, hidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din + 1, hidden, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, dout, rngs=rngs)

    def __call__(self, x, t):
        t_col = jnp.full(x.shape[:-1] + (1,), t / 10.0, dtype=x.dtype)
        return self.fc2(nnx.gelu(self.fc1(jnp.concatenate([x, t_col], axis=-1))))


class GuidedDDIM:
    def __init__(self, denoiser, classifier, guidance_scale=2.0, num_steps=5):
        self.denoiser = denoiser
        self.classifier = classifier
        self.guidance_scale = guidance_scale
        self.num_steps = num_steps
        self.alpha_bars = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.05, num_steps))

    def classifier_grad(self, x, t, labels):
        def log_prob(classifier, x):
            log_probs = jax.nn.log_softmax(classifier(x, t))
            return jnp.take_along_axis(log_probs, labels[:, None], axis=-1).sum()

        return nnx.grad(log_prob, argnums=1)(self.classifier, x)

    def step(self, labels, x, t):
        abar = self.alpha_bars[t]
        abar_prev = jnp.where(t > 0, self.alpha_bars[t - 1], 1.0)
        eps = self.denoiser(x, t) - jnp.sqrt(1.0 - abar) * self.guidance_scale * self.classifier_grad(x, t, labels)
        x0 = (x - jnp.sqrt(1.0 - abar) * eps) / jnp.sqrt(abar)
        return jnp.sqrt(abar_prev) * x0 + jnp.sqrt(1.0 - abar_prev) * eps, x0

    def sample(self, x_T, labels):
        timesteps = jnp.arange(self.num_steps)[::-1]
        return lax.scan(functools.partial(self.step, labels), x_T, timesteps)


def main():
    rngs = nnx.Rngs(0)
    sampler = GuidedDDIM(MLP(2, 32, 2, rngs=rngs), MLP(2, 32, 3, rngs=rngs))
    x_T = jax.random.normal(jax.random.key(1), (4, 2))
    labels = jnp.array([0, 1, 2, 1])
    x_0, x0_preds = sampler.sample(x_T, labels)
    jax.block_until_ready((x_0, x0_preds))
