# label: same-values
# flax-error: none
# class: 4 GuidedDiffusion.sample's scan body calls self.ancestral_step, which draws its noise from the module's "sample" rng stream (self.make_rng)
"""Classifier-free guidance with an ancestral DDPM sampler on a toy 4-d data space."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax, random


class EpsNet(nn.Module):
    dim: int = 4
    num_classes: int = 3

    @nn.compact
    def __call__(self, x, t, label):
        # label == num_classes is the "null" class used for the unconditional branch
        c = nn.Embed(self.num_classes + 1, 8)(label)
        temb = jnp.broadcast_to(jnp.stack([jnp.sin(t), jnp.cos(t)]), (x.shape[0], 2))
        h = jnp.concatenate([x, c, temb], axis=-1)
        h = nn.silu(nn.Dense(32)(h))
        return nn.Dense(self.dim)(h)


class GuidedDiffusion(nn.Module):
    num_steps: int = 6
    guidance: float = 2.0

    def setup(self):
        self.eps_net = EpsNet()
        self.betas = jnp.linspace(1e-3, 0.2, self.num_steps)
        self.alphas = 1.0 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    def __call__(self, x, t, label):
        return self.eps_net(x, t, label)

    def guided_eps(self, x, t, label):
        null = jnp.full_like(label, self.eps_net.num_classes)
        eps_cond = self.eps_net(x, t, label)
        eps_uncond = self.eps_net(x, t, null)
        return eps_uncond + self.guidance * (eps_cond - eps_uncond)

    def ancestral_step(self, x, t_index, label):
        t = t_index.astype(jnp.float32) / self.num_steps
        eps = self.guided_eps(x, t, label)
        beta, alpha, alpha_bar = self.betas[t_index], self.alphas[t_index], self.alpha_bars[t_index]
        mean = (x - beta / jnp.sqrt(1.0 - alpha_bar) * eps) / jnp.sqrt(alpha)
        z = random.normal(self.make_rng("sample"), x.shape)
        return mean + jnp.sqrt(beta) * z, z

    def sample(self, x_T, label):
        def body(x, t_index):
            return self.ancestral_step(x, t_index, label)

        return lax.scan(body, x_T, jnp.arange(self.num_steps)[::-1])


def main():
    model = GuidedDiffusion()
    labels = jnp.array([0, 2])
    x = jnp.zeros((2, 4))
    variables = model.init(random.PRNGKey(0), x, jnp.float32(0.5), labels)

    x_T = jnp.zeros((2, 4))
    x0, noises = model.apply(variables, x_T, labels, method=GuidedDiffusion.sample,
                             rngs={"sample": random.PRNGKey(7)})
    return noises
