# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 the service holds the risk model and an nnx.Optimizer; the raw scan body calls nnx.value_and_grad and optimizer.update on them
"""Portfolio-optimisation service in NNX: a learned risk model fitted day by day over a history."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class RiskModel(nnx.Module):
    def __init__(self, n_factors, n_assets, rngs: nnx.Rngs):
        self.factor_net = nnx.Linear(n_factors, 16, rngs=rngs)
        self.cov_head = nnx.Linear(16, n_assets, rngs=rngs)

    def __call__(self, factors):
        return nnx.softplus(self.cov_head(nnx.tanh(self.factor_net(factors))))


def risk_loss(model, factors, realised):
    pred = model(factors)
    return jnp.mean((pred - realised**2) ** 2)


class RiskService:
    def __init__(self, config):
        rngs = nnx.Rngs(config["seed"])
        self.model = RiskModel(config["n_factors"], config["n_assets"], rngs)
        self.optimizer = nnx.Optimizer(self.model, optax.adam(config["lr"]), wrt=nnx.Param)

    def fit_history(self, factors, realised):
        def day(carry, batch):
            f, r = batch
            loss, grads = nnx.value_and_grad(risk_loss)(self.model, f, r)
            self.optimizer.update(self.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(day, None, (factors, realised))
        return losses


def main():
    cfg = {"seed": 0, "n_factors": 6, "n_assets": 4, "lr": 1e-2}
    factors = jax.random.normal(jax.random.key(1), (7, 3, 6))
    realised = jax.random.normal(jax.random.key(2), (7, 3, 4)) * 0.02
    RiskService(cfg).fit_history(factors, realised)
    return None
