# label: same-values
# flax-error: none
# class: 3 sample method run via apply(method=...) draws noise with self.make_rng inside the lax.scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.broadcast_to(t, x.shape[:-1] + (1,)).astype(x.dtype)
        h = nn.swish(nn.Dense(32)(jnp.concatenate([x, temb], axis=-1)))
        h = nn.swish(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


class DDPM(nn.Module):
    num_steps: int = 8

    def setup(self):
        self.score_net = ScoreNet()
        self.betas = jnp.linspace(1e-4, 0.05, self.num_steps)
        self.alpha_bars = jnp.cumprod(1.0 - self.betas)

    def __call__(self, x0, t):
        noise = jax.random.normal(self.make_rng("noise"), x0.shape)
        ab = self.alpha_bars[t]
        xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1.0 - ab) * noise
        return jnp.mean((self.score_net(xt, t / self.num_steps) - noise) ** 2)

    def sample(self, shape):
        def reverse_step(x, t):
            beta, ab = self.betas[t], self.alpha_bars[t]
            eps = self.score_net(x, t / self.num_steps)
            mean = (x - beta / jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(1.0 - beta)
            z = jax.random.normal(self.make_rng("sample"), shape)
            return mean + jnp.sqrt(beta) * z, z

        x_T = jax.random.normal(self.make_rng("sample"), shape)
        _, noises = jax.lax.scan(reverse_step, x_T, jnp.arange(self.num_steps)[::-1])
        return noises


def main():
    model = DDPM()
    x0 = jnp.ones((4, 2))
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x0, 3)
    noises = model.apply(variables, (4, 2), method=DDPM.sample, rngs={"sample": jax.random.key(2)})
    return noises
