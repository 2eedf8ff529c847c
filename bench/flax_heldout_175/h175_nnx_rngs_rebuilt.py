# label: same-values
# flax-error: none
# class: 2 an nnx.Rngs is rebuilt from the same seed in the scan body and feeds the denoiser, a local of main
"""DDPM training targets: noise the clean sample at every timestep, predict the noise with an NNX MLP."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.t_embed = nnx.Embed(50, dim, rngs=rngs)
        self.fc1 = nnx.Linear(dim, 64, rngs=rngs)
        self.fc2 = nnx.Linear(64, dim, rngs=rngs)

    def __call__(self, x, t):
        h = nnx.silu(self.fc1(x + self.t_embed(t)))
        return self.fc2(h)


def main():
    dim = 6
    model = Denoiser(dim, nnx.Rngs(0))
    x0 = jnp.linspace(-1.0, 1.0, dim)
    alphas_bar = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.02, 50))

    def body(total, t):
        rngs = nnx.Rngs(0)
        noise = rngs.normal((dim,))
        xt = jnp.sqrt(alphas_bar[t]) * x0 + jnp.sqrt(1.0 - alphas_bar[t]) * noise
        loss = jnp.mean((model(xt, t) - noise) ** 2)
        return total + loss, noise

    total, noises = lax.scan(body, 0.0, jnp.arange(8))
    print("loss", total / 8)
    return noises


if __name__ == "__main__":
    main()
