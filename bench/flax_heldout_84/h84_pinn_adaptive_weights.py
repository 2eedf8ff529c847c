# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "lambda_bc" in "/" because collection "loss_weights" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 closure inside @nn.compact updates the 'loss_weights' collection during a pseudo-time scan; evaluated with apply() and no mutable
"""PINN for the heat equation: pseudo-time relaxation with learning-rate-annealing loss weights."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class PINNConfig:
    width: int = 32
    n_relax: int = 5
    momentum: float = 0.9


class HeatPINN(nn.Module):
    cfg: PINNConfig

    @nn.compact
    def __call__(self, xt):
        mlp = nn.Sequential([nn.Dense(self.cfg.width), nn.tanh, nn.Dense(self.cfg.width), nn.tanh, nn.Dense(1)])
        lam = self.variable('loss_weights', 'lambda_bc', lambda: jnp.ones(()))

        def u_fn(p):
            return mlp(p[None])[0, 0]

        def residual(p):
            du = jax.grad(u_fn)(p)
            d2u = jax.hessian(u_fn)(p)
            return du[1] - 0.1 * d2u[0, 0]

        _ = u_fn(xt[0])

        def relax(total, _):
            r = jax.vmap(residual)(xt)
            bc = jax.vmap(u_fn)(xt.at[:, 0].set(0.0))
            ratio = jnp.abs(r).mean() / (jnp.abs(bc).mean() + 1e-8)
            lam.value = self.cfg.momentum * lam.value + (1 - self.cfg.momentum) * ratio
            return total + jnp.mean(r ** 2) + lam.value * jnp.mean(bc ** 2), None

        loss, _ = jax.lax.scan(relax, 0.0, None, length=self.cfg.n_relax)
        return loss


def main():
    xt = jax.random.uniform(jax.random.PRNGKey(1), (32, 2))
    model = HeatPINN(PINNConfig())
    variables = model.init(jax.random.PRNGKey(0), xt[:2])
    loss = model.apply(variables, xt)
    print(float(loss))
    return None
