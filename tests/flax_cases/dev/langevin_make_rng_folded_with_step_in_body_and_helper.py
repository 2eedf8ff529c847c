# label: ok
# flax-error: none
# class: 4 Langevin scan body folds every `make_rng` key with the step (in the body, through a name, and in a helper method given the step); returns the per-step noise, jitter key draw and helper noise
import flax.linen as nn
import jax
import jax.numpy as jnp


class Langevin(nn.Module):
    @nn.compact
    def __call__(self, x0, steps):
        def body(x, t):
            noise = jax.random.normal(jax.random.fold_in(self.make_rng("noise"), t), x.shape)
            key = self.make_rng("jitter")
            jitter = jax.random.uniform(jax.random.fold_in(key, t))
            extra = self._noise(t, x.shape)
            return x + 0.1 * noise * jitter + extra, (noise, jitter, extra)
        return jax.lax.scan(body, x0, jnp.arange(steps))

    def _noise(self, step, shape):
        return jax.random.normal(jax.random.fold_in(self.make_rng("extra"), step), shape)


def main():
    x0 = jnp.zeros(3)
    model = Langevin()
    rngs = {"noise": jax.random.key(1), "jitter": jax.random.key(2), "extra": jax.random.key(3)}
    variables = model.init(rngs, x0, 5)
    _, per_step = model.apply(variables, x0, 5, rngs=rngs)
    return per_step
