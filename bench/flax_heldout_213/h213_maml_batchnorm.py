# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the MAML learner's adapt runs the fori_loop; the body reaches the BatchNorm net through self.inner_loss and self.net.apply without mutable
"""MAML inner-loop adaptation of a BatchNorm network, with a raw fori_loop.

Ported from a PyTorch MAML where BatchNorm always uses batch statistics; the inner loop
takes a few SGD steps on the support set and the outer loss is evaluated on the query set."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class FewShotNet(nn.Module):
    n_way: int = 3

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.0)(x)
        x = nn.relu(x)
        return nn.Dense(self.n_way)(x)


class MAMLLearner:
    def __init__(self, net, inner_lr=0.4, inner_steps=3):
        self.net, self.inner_lr, self.inner_steps = net, inner_lr, inner_steps

    def inner_loss(self, params, batch_stats, x, y):
        logits = self.net.apply({"params": params, "batch_stats": batch_stats}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def adapt(self, variables, x, y):
        def inner_step(i, params):
            grads = jax.grad(self.inner_loss)(params, variables["batch_stats"], x, y)
            return jax.tree.map(lambda p, g: p - self.inner_lr * g, params, grads)

        return jax.lax.fori_loop(0, self.inner_steps, inner_step, variables["params"])

    def outer_loss(self, variables, support, query):
        fast = self.adapt(variables, *support)
        return self.inner_loss(fast, variables["batch_stats"], *query)


def main():
    net = FewShotNet()
    xs = jax.random.normal(jax.random.PRNGKey(0), (2, 9, 5))
    ys = jnp.tile(jnp.arange(3), 3)
    variables = net.init(jax.random.PRNGKey(1), xs[0])
    learner = MAMLLearner(net)
    loss = learner.outer_loss(variables, (xs[0], ys), (xs[1], ys))
    print("query loss after adaptation", loss)
