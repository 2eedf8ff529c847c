# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SorterTrainer.fit scans conveyor batches and calls each hook in self.callbacks from the body; the registered RunningStatsHook applies the model with mutable=['batch_stats'] and keeps the new variables on itself
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

    def on_batch(self, parcels):
        _, updates = self.model.apply(self.variables, parcels, train=True, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}

    def on_epoch_end(self, parcels):
        return self.model.apply(self.variables, parcels, train=False)


class SorterTrainer:
    def __init__(self, model, variables, hook_names=("running_stats",)):
        self.model = model
        self.params = variables["params"]
        self.callbacks = [HOOKS[name](model, variables) for name in hook_names]
        self.tx = optax.sgd(0.05)

    def fit(self, batches, labels):
        def loss_fn(params, parcels, chutes):
            stats = self.callbacks[0].variables["batch_stats"]
            logits = self.model.apply({"params": params, "batch_stats": stats}, parcels, train=False)
            return optax.softmax_cross_entropy_with_integer_labels(logits, chutes).mean()

        def body(carry, batch):
            params, opt_state = carry
            parcels, chutes = batch
            for hook in self.callbacks:
                hook.on_batch(parcels)
            loss, grads = jax.value_and_grad(loss_fn)(params, parcels, chutes)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (self.params, _), losses = jax.lax.scan(body, (self.params, self.tx.init(self.params)), (batches, labels))
        return [hook.on_epoch_end(batches[0]) for hook in self.callbacks]


def main():
    model = ChuteClassifier()
    batches = jax.random.normal(jax.random.key(12), (5, 16, 6))
    labels = jax.random.randint(jax.random.key(13), (5, 16), 0, 8)
    variables = model.init(jax.random.key(0), batches[0], train=False)
    outputs = SorterTrainer(model, variables).fit(batches, labels)
    outputs[0].block_until_ready()
    return None
