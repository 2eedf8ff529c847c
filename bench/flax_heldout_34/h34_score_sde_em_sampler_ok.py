# label: ok
# flax-error: none
# class: 3 ScoreSDE.sample takes make_rng('sample') once and hands it with a bound drift method to a module-level euler_maruyama helper whose raw lax.scan body splits the key it carries
import jax
import jax.numpy as jnp
import flax.linen as nn


def euler_maruyama(drift_fn, diffusion, x0, key, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def step(carry, i):
        x, key = carry
        key, sub = jax.random.split(key)
        t = t0 + i * dt
        dw = jnp.sqrt(jnp.abs(dt)) * jax.random.normal(sub, x.shape)
        x = x + drift_fn(x, t) * dt + diffusion(t) * dw
        return (x, key), dw

    (x, _), dws = jax.lax.scan(step, (x0, key), jnp.arange(num_steps))
    return x, dws


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], axis=-1)
        h = nn.gelu(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


class ScoreSDE(nn.Module):
    sigma: float = 5.0

    def setup(self):
        self.score = ScoreNet()

    def __call__(self, x, t):
        return self.score(x, t)

    def diffusion(self, t):
        return self.sigma ** t

    def reverse_drift(self, x, t):
        g = self.diffusion(t)
        return -(g ** 2) * self.score(x, t)

    def sample(self, num, dim, num_steps=5):
        key = self.make_rng("sample")
        x0 = jax.random.normal(jax.random.fold_in(key, 1_000_000), (num, dim))
        return euler_maruyama(self.reverse_drift, self.diffusion, x0, key, 1.0, 1e-3, num_steps)


def main():
    sde = ScoreSDE()
    variables = sde.init(jax.random.PRNGKey(0), jnp.zeros((2, 3)), 0.5)
    _, increments = sde.apply(variables, 4, 3, method=ScoreSDE.sample, rngs={"sample": jax.random.PRNGKey(3)})
    return increments
