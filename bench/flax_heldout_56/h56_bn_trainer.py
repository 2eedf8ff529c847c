# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 make_train_step factory closes over a Trainer's model and calls apply(train=True) inside a lax.scan over batches without mutable=['batch_stats']
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax import lax


class ConvNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(2)(x)


def cross_entropy(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def make_train_step(model, tx):
    def train_step(state, batch):
        params, batch_stats, opt_state = state

        def loss_fn(p):
            logits = model.apply({"params": p, "batch_stats": batch_stats}, batch["x"], train=True)
            return cross_entropy(logits, batch["y"])

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    return train_step


class Trainer:
    def __init__(self, model, tx, variables):
        self.tx = tx
        self.state = (variables["params"], variables["batch_stats"], tx.init(variables["params"]))
        self.step_fn = make_train_step(model, tx)

    def fit_epoch(self, batches):
        self.state, losses = lax.scan(self.step_fn, self.state, batches)
        return losses


def main():
    model = ConvNet()
    x = jnp.ones((4, 6))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    trainer = Trainer(model, optax.sgd(0.1), variables)
    batches = {"x": jax.random.normal(jax.random.PRNGKey(1), (3, 4, 6)), "y": jnp.zeros((3, 4), jnp.int32)}
    trainer.fit_epoch(batches)
    return None
