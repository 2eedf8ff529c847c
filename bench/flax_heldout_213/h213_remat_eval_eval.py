# label: ok
# flax-error: none
# class: 5 the network class is wrapped with nn.remat; its variables in a local of main are applied in the scan body by the train=False model
"""Evaluation of a rematerialized residual MLP over test batches with a raw lax.scan.

Twin of h213_remat_eval: the scan body applies the model built with train=False, so
BatchNorm only reads the running statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ResMLP(nn.Module):
    width: int = 32
    depth: int = 3
    train: bool = True

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.width)(x)
        for _ in range(self.depth):
            h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(x)
            x = x + nn.Dense(self.width)(nn.gelu(h))
        return nn.Dense(4)(x)


RematResMLP = nn.remat(ResMLP)


def main():
    batches = jax.random.normal(jax.random.PRNGKey(0), (5, 16, 6))
    labels = jax.random.randint(jax.random.PRNGKey(1), (5, 16), 0, 4)
    model = RematResMLP(train=True)
    variables = model.init(jax.random.PRNGKey(2), batches[0])
    eval_model = RematResMLP(train=False)

    def eval_batch(correct, batch):
        x, y = batch
        logits = eval_model.apply(variables, x)
        return correct + (logits.argmax(-1) == y).sum(), None

    correct, _ = lax.scan(eval_batch, jnp.zeros((), jnp.int32), (batches, labels))
    print("accuracy", correct / labels.size)
