# label: ok
# flax-error: none
# class: 2 module-level DDPM sampler closes over params and calls model.apply in a fori_loop body, noise keys from fold_in with the step
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

T_STEPS = 8


def sinusoidal_embedding(t, dim):
    freqs = jnp.exp(-jnp.log(1e4) * jnp.arange(dim // 2) / (dim // 2))
    ang = t[:, None] * freqs[None]
    return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)


class ScoreNet(nn.Module):
    hidden: int = 32

    def setup(self):
        self.time_mlp = nn.Dense(self.hidden)
        self.inp = nn.Dense(self.hidden)
        self.out = nn.Dense(2)

    def __call__(self, x, t):
        h = self.inp(x) + self.time_mlp(sinusoidal_embedding(t, 16))
        return self.out(nn.gelu(h))


def linear_schedule(n):
    betas = jnp.linspace(1e-4, 0.2, n)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


def ddpm_sample(model, params, key, shape):
    betas, alphas, abar = linear_schedule(T_STEPS)
    x0 = jax.random.normal(key, shape)
    traj = jnp.zeros((T_STEPS,) + shape)

    def body(i, carry):
        x, traj = carry
        t = T_STEPS - 1 - i
        eps = model.apply(params, x, jnp.full((shape[0],), t, jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(jax.random.fold_in(key, i), shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, traj.at[i].set(x)

    _, traj = lax.fori_loop(0, T_STEPS, body, (x0, traj))
    return traj


def main():
    model = ScoreNet()
    params = model.init(jax.random.key(0), jnp.zeros((5, 2)), jnp.zeros((5,)))
    params = jax.tree.map(lambda a: a + 0, params)
    return ddpm_sample(model, params, jax.random.key(3), (5, 2))
