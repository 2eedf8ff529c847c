# label: ok
# flax-error: none
# class: 3 the trainer's model attribute is split; its params ride in the scan carry next to the gradient sum and are merged in the body
import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax
from jax.lax import scan


class DemandMLP(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.hidden(x)))


def weekly_mse(model, batch):
    features, units = batch
    return jnp.mean((model(features) - units) ** 2)


class AccumulatingTrainer:
    def __init__(self, model: DemandMLP, learning_rate: float, accum_steps: int):
        self.model = model
        self.accum_steps = accum_steps
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, micro_batches):
        graphdef, params = nnx.split(self.model, nnx.Param)
        zeros = jax.tree.map(jnp.zeros_like, params)

        def accumulate(carry, batch):
            params, acc = carry
            loss, grads = nnx.value_and_grad(weekly_mse)(nnx.merge(graphdef, params), batch)
            return (params, jax.tree.map(jnp.add, acc, grads)), loss

        (_, grads), losses = scan(accumulate, (params, zeros), micro_batches)
        grads = jax.tree.map(lambda g: g / self.accum_steps, grads)
        self.optimizer.update(self.model, grads)
        return losses.mean()


def main():
    trainer = AccumulatingTrainer(DemandMLP(4, nnx.Rngs(0)), learning_rate=1e-2, accum_steps=3)
    features = jax.random.normal(jax.random.key(1), (3, 8, 4))
    units = features.sum(-1, keepdims=True) * 0.5
    loss = trainer.train_step((features, units))
    jax.block_until_ready((loss, trainer.model(features[0])))
