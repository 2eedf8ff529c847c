# label: ok
# flax-error: none
# class: 5 the risk model and nnx.Optimizer are nnx.split together; their state is the raw scan carry and is merged inside the body
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def day(state, batch):
            f, r = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(risk_loss)(model, f, r)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(day, state, (factors, realised))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = {"seed": 0, "n_factors": 6, "n_assets": 4, "lr": 1e-2}
    factors = jax.random.normal(jax.random.key(1), (7, 3, 6))
    realised = jax.random.normal(jax.random.key(2), (7, 3, 4)) * 0.02
    RiskService(cfg).fit_history(factors, realised)
    return None
