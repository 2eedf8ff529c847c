# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body calls trainer._train_step, which takes nnx.value_and_grad of trainer.model and updates the nnx.Optimizer held on the trainer
"""Population pharmacokinetics: covariates -> clearance and volume, fitted to plasma concentrations."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class OneCompartmentPK(nnx.Module):
    def __init__(self, n_cov: int, hidden: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_cov, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 2, rngs=rngs)

    def __call__(self, covariates, dose, t):
        h = nnx.relu(self.encoder(covariates))
        log_cl, log_v = jnp.split(self.out(h), 2, axis=-1)
        k = jnp.exp(log_cl - log_v)
        return dose / jnp.exp(log_v) * jnp.exp(-k * t)


class Trainer:
    def __init__(self, model: nnx.Module, tx: optax.GradientTransformation):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    @staticmethod
    def _loss(model, batch):
        pred = model(batch["cov"], batch["dose"], batch["t"])
        return jnp.mean((jnp.log1p(pred) - jnp.log1p(batch["conc"])) ** 2)

    def _train_step(self, batch):
        loss, grads = nnx.value_and_grad(self._loss)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, batch, n_steps: int):
        def body(i, total):
            return total + self._train_step(batch)

        total = lax.fori_loop(0, n_steps, body, jnp.zeros(()))
        return total / n_steps


def synthetic_cohort(key, n=16, n_cov=3):
    k1, k2, k3 = jax.random.split(key, 3)
    cov = jax.random.normal(k1, (n, n_cov))
    dose = jax.random.uniform(k2, (n, 1), minval=50, maxval=200)
    t = jax.random.uniform(k3, (n, 1), minval=0.5, maxval=24)
    conc = dose / 40.0 * jnp.exp(-0.1 * t)
    return {"cov": cov, "dose": dose, "t": t, "conc": conc}


def main():
    model = OneCompartmentPK(3, 16, nnx.Rngs(0))
    trainer = Trainer(model, optax.adam(1e-2))
    trainer.fit(synthetic_cohort(jax.random.key(1)), n_steps=5)
    return None
