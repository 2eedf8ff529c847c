# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the trip trainer's scan body takes nnx.value_and_grad of self.model and calls self.optimizer.update(self.model, grads) on the objects held by the trainer
"""Insurance telematics: nightly fine-tuning of the claim-frequency model on the day's trips.

The trainer owns the model and an nnx.Optimizer; one epoch is a scan over mini-batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ClaimFrequencyModel(nnx.Module):
    def __init__(self, n_features, hidden, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x))).squeeze(-1)  # log claim rate


def poisson_loss(model, x, claims, exposure):
    log_rate = model(x) + jnp.log(exposure)
    return jnp.mean(jnp.exp(log_rate) - claims * log_rate)


class TripTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit_epoch(self, xs, claims, exposure):
        def train_step(total, batch):
            x, y, e = batch
            loss, grads = nnx.value_and_grad(poisson_loss)(self.model, x, y, e)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(train_step, jnp.float32(0.0), (xs, claims, exposure))
        return total / xs.shape[0]


def main():
    k_x, k_y, k_e = jax.random.split(jax.random.key(0), 3)
    xs = jax.random.normal(k_x, (8, 16, 7))  # 8 batches of 16 trips, 7 driving features
    claims = jax.random.poisson(k_y, 0.3, (8, 16)).astype(jnp.float32)
    exposure = jax.random.uniform(k_e, (8, 16), minval=0.1, maxval=1.0)
    trainer = TripTrainer(ClaimFrequencyModel(7, 16, rngs=nnx.Rngs(0)))
    mean_loss = trainer.fit_epoch(xs, claims, exposure)
    float(mean_loss)
    return None
