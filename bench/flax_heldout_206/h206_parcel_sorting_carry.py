# label: ok
# flax-error: none
# class: 4 SorterTrainer.fit scans conveyor batches and calls each hook in self.callbacks from the body; the registered RunningStatsHook takes the batch_stats from the scan carry, returns the new ones, and commits them after the loop
"""Postal hub parcel sorting: trains a chute classifier from conveyor scanner features."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

HOOKS = {}


def register_hook(name):
    def decorator(cls):
        HOOKS[name] = cls
        return cls
    return decorator


class ChuteClassifier(nn.Module):
    n_chutes: int = 8

    @nn.compact
    def __call__(self, parcels, train: bool):
        h = nn.Dense(16)(parcels)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.n_chutes)(nn.relu(h))


@register_hook("running_stats")
class RunningStatsHook:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_batch(self, batch_stats, parcels):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        _, updates = self.model.apply(variables, parcels, train=True, mutable=["batch_stats"])
        return updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {**self.variables, "batch_stats": batch_stats}

    def on_epoch_end(self, parcels):
        return self.model.apply(self.variables, parcels, train=False)


class SorterTrainer:
    def __init__(self, model, variables, hook_names=("running_stats",)):
        self.model = model
        self.params = variables["params"]
        self.callbacks = [HOOKS[name](model, variables) for name in hook_names]
        self.tx = optax.sgd(0.05)

    def fit(self, batches, labels):
        def loss_fn(params, stats, parcels, chutes):
            logits = self.model.apply({"params": params, "batch_stats": stats}, parcels, train=False)
            return optax.softmax_cross_entropy_with_integer_labels(logits, chutes).mean()

        def body(carry, batch):
            params, opt_state, stats = carry
            parcels, chutes = batch
            for hook in self.callbacks:
                stats = hook.on_batch(stats, parcels)
            loss, grads = jax.value_and_grad(loss_fn)(params, stats, parcels, chutes)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state, stats), loss

        init = (self.params, self.tx.init(self.params), self.callbacks[0].variables["batch_stats"])
        (self.params, _, stats), losses = jax.lax.scan(body, init, (batches, labels))
        for hook in self.callbacks:
            hook.commit(stats)
        return [hook.on_epoch_end(batches[0]) for hook in self.callbacks]


def main():
    model = ChuteClassifier()
    batches = jax.random.normal(jax.random.key(12), (5, 16, 6))
    labels = jax.random.randint(jax.random.key(13), (5, 16), 0, 8)
    variables = model.init(jax.random.key(0), batches[0], train=False)
    outputs = SorterTrainer(model, variables).fit(batches, labels)
    outputs[0].block_until_ready()
    return None
