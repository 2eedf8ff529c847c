# label: ok
# flax-error: none
# class: 3 residual blocks of each scale, built by the forward init, are called from a Picard-iteration inverse inside a while_loop reached through sample() under apply(method=)
"""Multiscale residual flow (i-ResNet style): forward log-density and sampling by Picard iteration of the inverse."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 8
    blocks_per_scale: int = 2
    hidden: int = 16
    lipschitz: float = 0.5
    tol: float = 1e-5
    max_iter: int = 50


class ContractiveBlock(nn.Module):
    cfg: FlowConfig

    @nn.compact
    def __call__(self, x):
        h = nn.elu(nn.Dense(self.cfg.hidden)(x))
        return self.cfg.lipschitz * jnp.tanh(nn.Dense(x.shape[-1], kernel_init=nn.initializers.normal(0.1))(h))

    def invert(self, y):
        def not_converged(state):
            i, x, err = state
            return (i < self.cfg.max_iter) & (err > self.cfg.tol)

        def picard_step(state):
            i, x, _ = state
            new_x = y - self(x)
            return i + 1, new_x, jnp.max(jnp.abs(new_x - x))

        _, x, _ = jax.lax.while_loop(not_converged, picard_step, (0, y, jnp.array(jnp.inf)))
        return x


class MultiscaleFlow(nn.Module):
    cfg: FlowConfig

    def setup(self):
        half = self.cfg.dim // 2
        self.scale1 = [ContractiveBlock(self.cfg) for _ in range(self.cfg.blocks_per_scale)]
        self.scale2 = [ContractiveBlock(self.cfg) for _ in range(self.cfg.blocks_per_scale)]
        self.split_at = half

    def __call__(self, x):
        for block in self.scale1:
            x = x + block(x)
        z_out, x = x[:, : self.split_at], x[:, self.split_at:]
        for block in self.scale2:
            x = x + block(x)
        z = jnp.concatenate([z_out, x], -1)
        return -0.5 * jnp.sum(z ** 2, -1)

    def sample(self, n: int, temperature: float = 1.0):
        z = temperature * jax.random.normal(self.make_rng("sample"), (n, self.cfg.dim))
        z_out, x = z[:, : self.split_at], z[:, self.split_at:]
        for block in reversed(self.scale2):
            x = block.invert(x)
        x = jnp.concatenate([z_out, x], -1)
        for block in reversed(self.scale1):
            x = block.invert(x)
        return x


def main():
    cfg = FlowConfig()
    flow = MultiscaleFlow(cfg)
    data = jax.random.normal(jax.random.key(0), (16, cfg.dim))
    variables = flow.init(jax.random.key(1), data)
    samples = flow.apply(variables, 32, method=MultiscaleFlow.sample, rngs={"sample": jax.random.key(2)})
    logp = flow.apply(variables, samples)
    logp.block_until_ready()
    return None
