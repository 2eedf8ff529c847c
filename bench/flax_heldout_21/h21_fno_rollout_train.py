# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/FNOBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a train flag passed from the trainer's loss through the FNO blocks into BatchNorm, reached via a closure handed to a module-level integrate() that wraps lax.scan
"""Fourier neural operator surrogate for 1-D Burgers' equation, trained on multi-step rollouts."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan


@dataclass(frozen=True)
class FNOConfig:
    grid: int = 32
    width: int = 8
    modes: int = 6
    depth: int = 2
    rollout: int = 4


def integrate(f, x0, n):
    """Applies the one-step map `f` n times, returning every intermediate state."""
    def _step(x, _):
        x = f(x)
        return x, x
    return scan(_step, x0, None, length=n)[1]


class SpectralConv1d(nn.Module):
    width: int
    modes: int

    @nn.compact
    def __call__(self, x):
        init = nn.initializers.normal(1.0 / self.width)
        w_re = self.param("w_re", init, (self.modes, self.width, self.width))
        w_im = self.param("w_im", init, (self.modes, self.width, self.width))
        xf = jnp.fft.rfft(x, axis=0)[: self.modes]
        yf = jnp.einsum("mi,mio->mo", xf, w_re + 1j * w_im)
        out = jnp.zeros((x.shape[0] // 2 + 1, self.width), jnp.complex64).at[: self.modes].set(yf)
        return jnp.fft.irfft(out, n=x.shape[0], axis=0)


class FNOBlock(nn.Module):
    cfg: FNOConfig

    @nn.compact
    def __call__(self, x, train):
        y = SpectralConv1d(self.cfg.width, self.cfg.modes)(x) + nn.Dense(self.cfg.width)(x)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.9)(y)
        return nn.gelu(y)


class FNO(nn.Module):
    cfg: FNOConfig

    @nn.compact
    def __call__(self, u, train=False):
        x = nn.Dense(self.cfg.width)(u[:, None])
        for _ in range(self.cfg.depth):
            x = FNOBlock(self.cfg)(x, train)
        return u + 0.1 * nn.Dense(1)(x)[:, 0]


def rollout_loss(model, variables, u0, target, train):
    traj = integrate(lambda u: model.apply(variables, u, train=train), u0, target.shape[0])
    return jnp.mean((traj - target) ** 2)


def train_step(model, variables, tx, opt_state, u0, target):
    def loss_fn(params):
        return rollout_loss(model, {**variables, "params": params}, u0, target, train=True)

    loss, grads = jax.value_and_grad(loss_fn)(variables["params"])
    updates, opt_state = tx.update(grads, opt_state)
    return {**variables, "params": optax.apply_updates(variables["params"], updates)}, opt_state, loss


def main():
    cfg = FNOConfig()
    model = FNO(cfg)
    xs = jnp.linspace(0, 2 * jnp.pi, cfg.grid, endpoint=False)
    u0 = jnp.sin(xs)
    target = jnp.stack([jnp.sin(xs - 0.1 * (k + 1)) * 0.95 ** (k + 1) for k in range(cfg.rollout)])
    variables = model.init(jax.random.key(0), u0)
    tx = optax.adam(1e-3)
    variables, opt_state, loss = train_step(model, variables, tx, tx.init(variables["params"]), u0, target)
    print(float(loss))
    return None
