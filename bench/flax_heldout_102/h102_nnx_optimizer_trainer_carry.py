# label: ok
# flax-error: none
# class: 4 trainer.model and the nnx.Optimizer held on the trainer are nnx.split before the fori_loop, carried as state, merged in the body for trainer._train_step and nnx.update'd after
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

    def _train_step(self, model, optimizer, batch):
        loss, grads = nnx.value_and_grad(self._loss)(model, batch)
        optimizer.update(model, grads)
        return loss

    def fit(self, batch, n_steps: int):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), total + loss

        state, total = lax.fori_loop(0, n_steps, body, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
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
